import { scopeSvgIds } from "../html/scope-svg-ids.ts";

/**
 * The editor page's level pictures: one node per candidate id, moved into
 * whichever card shows that id (an id ships at most once, so a node is in at
 * most one card). Pictures come from the static cards (the file's levels) or
 * from the SVG the report embedded for the other candidates.
 */
export class PagePictures {
  private readonly nodes = new Map<string, HTMLElement>();
  private aspect = "1";
  private made = 0;

  constructor(
    private readonly doc: Document,
    private readonly svg: Record<string, string>,
  ) {}

  /** Takes the pictures the static cards already show (`#level-N > .picture`). */
  harvest(fileLevels: ReadonlyArray<{ number: number; id: string }>): void {
    for (const { number, id } of fileLevels) {
      const picture = this.doc.querySelector<HTMLElement>(`#level-${number} > .picture`);
      if (!picture) continue;
      this.nodes.set(id, picture);
      const s = picture.querySelector("svg");
      const w = Number(s?.getAttribute("width"));
      const h = Number(s?.getAttribute("height"));
      if (w > 0 && h > 0) this.aspect = `${w} / ${h}`;
    }
  }

  /**
   * A candidate's picture node: the known one, one made from the embedded SVG
   * (ids scoped), or — when the game draws pictures but this one is not in
   * the page — a box saying so; null for a game without pictures.
   */
  take(id: string, drawn: boolean): HTMLElement | null {
    const known = this.nodes.get(id);
    if (known) return known;
    const el = this.doc.createElement("div");
    const svg = this.svg[id];
    if (svg !== undefined) {
      el.className = "picture";
      el.innerHTML = scopeSvgIds(svg, `pic-${++this.made}-`);
    } else if (drawn) {
      el.className = "picture missing";
      el.style.aspectRatio = this.aspect;
      el.textContent = "picture not in the page";
      el.title = "the report embeds the shipped levels' pictures only (see the editor's note)";
    } else return null;
    this.nodes.set(id, el);
    return el;
  }
}
