/**
 * The concepts of a problem's candidates (SPEC 12) interned to small
 * integers: each distinct name a concept id, each distinct set of names a set
 * id (the empty set is always set 0), so the solvers compare sets as numbers
 * and read a set's concepts as a short sorted array.
 */
export interface ConceptSets {
  /** Concept names by concept id (ids in order of first appearance). */
  names: string[];
  /** Concept id of each name. */
  idOf: ReadonlyMap<string, number>;
  /** Set id of every candidate. */
  setOf: Int32Array;
  /** The concept ids of each set, ascending; set 0 is the empty set. */
  sets: Int32Array[];
}

/**
 * Interns the concepts of `n` candidates. Lists that are one array (a CSV
 * column's rows with the same cell share one) are interned once; others by
 * their sorted names. Work: O(total names · log) and one small string per
 * distinct array.
 *
 * @param conceptsOf candidate k's concept names (distinct; absent or empty: none).
 */
export function internConceptSets(n: number, conceptsOf: (k: number) => readonly string[] | undefined): ConceptSets {
  const names: string[] = [];
  const idOf = new Map<string, number>();
  const sets: Int32Array[] = [new Int32Array(0)];
  const byKey = new Map<string, number>([["", 0]]);
  const byArray = new Map<readonly string[], number>();
  const setOf = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    const list = conceptsOf(k);
    if (!list || list.length === 0) continue;
    let s = byArray.get(list);
    if (s === undefined) {
      const ids = Int32Array.from(list, (name) => {
        let id = idOf.get(name);
        if (id === undefined) {
          id = names.length;
          names.push(name);
          idOf.set(name, id);
        }
        return id;
      }).sort();
      const key = ids.join(",");
      s = byKey.get(key);
      if (s === undefined) {
        s = sets.length;
        sets.push(ids);
        byKey.set(key, s);
      }
      byArray.set(list, s);
    }
    setOf[k] = s;
  }
  return { names, idOf, setOf, sets };
}
