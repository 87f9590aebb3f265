/**
 * The editor page's level pictures: one node per candidate id, moved into
 * whichever card shows that id (an id ships at most once, so a node is in at
 * most one card). Pictures come from the static cards (the file's levels) or
 * from the images the report embedded for the other candidates (data URIs:
 * a picture is an `<img>`, never markup of the page).
 */
export class PagePictures {
  private readonly nodes = new Map<string, HTMLElement>();
  private aspect = "1";

  constructor(
    private readonly doc: Document,
    private readonly images: Record<string, string>,
  ) {}

  /** Takes the pictures the static cards already show (`#level-N > .picture`). */
  harvest(fileLevels: ReadonlyArray<{ number: number; id: string }>): void {
    for (const { number, id } of fileLevels) {
      const picture = this.doc.querySelector<HTMLElement>(`#level-${number} > .picture`);
      if (!picture) continue;
      this.nodes.set(id, picture);
      const img = picture.querySelector("img");
      const w = Number(img?.getAttribute("width"));
      const h = Number(img?.getAttribute("height"));
      if (w > 0 && h > 0) this.aspect = `${w} / ${h}`;
    }
  }

  /**
   * A candidate's picture node: the known one, an `<img>` of the embedded
   * image, or — when the game draws pictures but this one is not in the page
   * — a box saying so; null for a game without pictures.
   */
  take(id: string, drawn: boolean): HTMLElement | null {
    const known = this.nodes.get(id);
    if (known) return known;
    const el = this.doc.createElement("div");
    const src = this.images[id];
    if (src !== undefined) {
      el.className = "picture";
      const img = this.doc.createElement("img");
      img.src = src;
      img.alt = id;
      el.appendChild(img);
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
