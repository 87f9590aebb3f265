/** Where a rule first shows in the shipped sequence. */
export interface RuleIntroduction {
  rule: string;
  /** Global number of the first level whose `rules` holds the rule. */
  level: number;
  chapter: number;
}

/**
 * The rule introductions of a level sequence: for each rule named in any
 * level's `rules` field (SPEC 3), the first level (lowest number) that uses
 * it. Ordered by level, then by rule name. Levels without `rules` use none.
 *
 * @param levels shipped levels (any order).
 */
export function ruleIntroductions(levels: ReadonlyArray<{ number: number; chapter: number; rules?: readonly string[] }>): RuleIntroduction[] {
  const first = new Map<string, RuleIntroduction>();
  for (const l of levels) {
    for (const rule of l.rules ?? []) {
      const seen = first.get(rule);
      if (!seen || l.number < seen.level) first.set(rule, { rule, level: l.number, chapter: l.chapter });
    }
  }
  return [...first.values()].sort((a, b) => a.level - b.level || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0));
}
