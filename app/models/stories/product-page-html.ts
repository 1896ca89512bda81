// Reading a product page's HTML (issue 23, docs/decisions/305-product-page-to-ad.md): the
// schema.org Product in its JSON-LD, then OpenGraph, then the page's <title> and description, in
// that order of trust. Pure and isomorphic: no I/O, nothing from the page is ever run (JSON-LD is
// read with JSON.parse, nothing else in a <script> is looked at). A small tokenizer reads only
// <script type="application/ld+json">, <meta>, <base> and <title>; comments and the bodies of
// other scripts, styles, templates and text areas are skipped.

export const PRODUCT_PAGE_MAX_IMAGES = 8;
/** The idea text is at most this many words (a short ad's script, the user edits it). */
export const PRODUCT_IDEA_MAX_WORDS = 60;

export type ProductFields = {
  name: string | null;
  description: string | null;
  brand: string | null;
  /** The price as the page writes it, a decimal such as "24.00" (no symbol, no thousands commas). */
  price: string | null;
  /** ISO 4217 code ("USD") where the page gives one. */
  currency: string | null;
};

export type ParsedProductPage = ProductFields & {
  /** Absolute http(s) URLs, resolved against the page, deduplicated, at most PRODUCT_PAGE_MAX_IMAGES. */
  images: string[];
  /** A schema.org Product was found, or OpenGraph says the page is a product (og:type, a price). */
  isProductPage: boolean;
};

// ─── tokenizer ───

type Tag = { name: string; attrs: Record<string, string>; text?: string };

const RAW_TEXT = new Set(["script", "style", "template", "textarea", "title", "noscript", "xmp", "iframe", "noembed", "noframes"]);
const WANTED_VOID = new Set(["meta", "base"]);
const TAG_OPEN = /<([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function parseAttrs(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of source.matchAll(ATTR)) {
    const name = m[1].toLowerCase();
    if (!(name in attrs)) attrs[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return attrs;
}

/** The tags this module reads, in document order. Linear in the page's length. */
function tokenize(html: string): Tag[] {
  const tags: Tag[] = [];
  const lower = html.toLowerCase();
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf("<", i);
    if (lt < 0) break;
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      i = end < 0 ? html.length : end + 3;
      continue;
    }
    TAG_OPEN.lastIndex = lt;
    const m = TAG_OPEN.exec(html);
    if (!m) {
      i = lt + 1;
      continue;
    }
    const name = m[1].toLowerCase();
    i = TAG_OPEN.lastIndex;
    if (RAW_TEXT.has(name)) {
      const close = lower.indexOf(`</${name}`, i);
      const end = close < 0 ? html.length : close;
      if (name === "script" || name === "title") tags.push({ name, attrs: parseAttrs(m[2]), text: html.slice(i, end) });
      const gt = close < 0 ? -1 : html.indexOf(">", close);
      i = gt < 0 ? html.length : gt + 1;
      continue;
    }
    if (WANTED_VOID.has(name)) tags.push({ name, attrs: parseAttrs(m[2]) });
  }
  return tags;
}

// ─── text ───

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  hellip: "…",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  bull: "•",
  middot: "·",
  trade: "™",
  reg: "®",
  copy: "©",
  euro: "€",
  pound: "£",
  yen: "¥",
  cent: "¢",
  deg: "°",
  times: "×",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,31});?/gi, (whole, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : "";
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}

function stripTags(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6])>/gi, ". ")
    .replace(/<[^>]*>/g, " ");
}

/** Plain text of a field: tags dropped, entities read, whitespace collapsed; null when empty. */
function clean(value: unknown, max = 5000): string | null {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value !== "string") return null;
  const text = stripTags(decodeEntities(stripTags(value)))
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .replace(/(\.\s*){2,}/g, ". ")
    .replace(/^[\s.]+/, "")
    .trim();
  return text ? text.slice(0, max) : null;
}

// ─── JSON-LD ───

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: unknown): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);
const asArray = (v: Json | undefined): Json[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

function parseJsonLd(text: string): Json | null {
  const body = text
    .trim()
    .replace(/^<!\[CDATA\[|\]\]>$/g, "")
    .replace(/^\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>$/g, "")
    .trim();
  if (!body) return null;
  try {
    return JSON.parse(body) as Json;
  } catch {
    // Raw line breaks and tabs inside strings are a common mistake of hand-made JSON-LD.
    try {
      return JSON.parse(body.replace(/[\u0000-\u001f]+/g, " ")) as Json;
    } catch {
      return null;
    }
  }
}

function typesOf(node: JsonObject): string[] {
  return asArray(node["@type"])
    .filter((t): t is string => typeof t === "string")
    .map((t) => t.split(/[/#:]/).pop() ?? t);
}

const PRODUCT_TYPES = new Set(["Product", "ProductGroup", "IndividualProduct", "ProductModel", "SomeProducts", "Vehicle", "Book"]);

/** Every object in the documents (depth-limited), and an index of those with an @id. */
function walk(roots: Json[]): { nodes: JsonObject[]; byId: Map<string, JsonObject> } {
  const nodes: JsonObject[] = [];
  const byId = new Map<string, JsonObject>();
  const visit = (value: Json, depth: number) => {
    if (depth > 12 || nodes.length > 2000) return;
    if (Array.isArray(value)) {
      for (const v of value) visit(v, depth + 1);
      return;
    }
    if (!isObject(value)) return;
    nodes.push(value);
    const id = value["@id"];
    if (typeof id === "string" && Object.keys(value).length > 1 && !byId.has(id)) byId.set(id, value);
    for (const v of Object.values(value)) if (typeof v === "object" && v !== null) visit(v, depth + 1);
  };
  for (const root of roots) visit(root, 0);
  return { nodes, byId };
}

function deref(value: Json | undefined, byId: Map<string, JsonObject>): Json | undefined {
  if (isObject(value) && typeof value["@id"] === "string" && Object.keys(value).length === 1) return byId.get(value["@id"]) ?? value;
  return value;
}

function nameOf(value: Json | undefined, byId: Map<string, JsonObject>): string | null {
  for (const v of asArray(value ?? null)) {
    const item = deref(v, byId);
    const text = isObject(item) ? clean(item.name, 200) : clean(item, 200);
    if (text) return text;
  }
  return null;
}

function imageUrls(value: Json | undefined, byId: Map<string, JsonObject>): string[] {
  const out: string[] = [];
  for (const v of asArray(value ?? null)) {
    const item = deref(v, byId);
    if (typeof item === "string") out.push(item);
    else if (isObject(item)) {
      const url = item.contentUrl ?? item.url;
      for (const u of asArray(url ?? null)) if (typeof u === "string") out.push(u);
    }
  }
  return out;
}

function normalizePrice(value: unknown): string | null {
  // A number in JSON has lost its zeros (34.0 → 34): written with cents, as a shop shows it.
  const raw =
    typeof value === "number" && Number.isFinite(value)
      ? Number.isInteger(value * 100)
        ? value.toFixed(2)
        : String(value)
      : typeof value === "string"
        ? value.trim()
        : "";
  if (!raw) return null;
  // "1,299.00" and "1.299,00" → "1299.00"; a bare "19,99" → "19.99".
  let text = raw.replace(/[^\d.,]/g, "");
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) text = text.replace(/,/g, "");
  else if (/^\d{1,3}(\.\d{3})+(,\d+)?$/.test(text)) text = text.replace(/\./g, "").replace(",", ".");
  else if (/^\d+,\d{1,2}$/.test(text)) text = text.replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  return Number(text) > 0 ? text : null;
}

function currencyOf(value: unknown): string | null {
  return typeof value === "string" && /^[A-Za-z]{3}$/.test(value.trim()) ? value.trim().toUpperCase() : null;
}

function offerPrice(offers: Json | undefined, byId: Map<string, JsonObject>): { price: string | null; currency: string | null } {
  for (const v of asArray(offers ?? null)) {
    const offer = deref(v, byId);
    if (!isObject(offer)) continue;
    const specs = asArray(offer.priceSpecification ?? null)
      .map((s) => deref(s, byId))
      .filter(isObject);
    const candidates: JsonObject[] = [offer, ...specs];
    for (const c of candidates) {
      const price = normalizePrice(c.price) ?? normalizePrice(c.lowPrice);
      if (price) return { price, currency: currencyOf(c.priceCurrency) ?? currencyOf(offer.priceCurrency) };
    }
    const nested = offerPrice(offer.offers, byId);
    if (nested.price) return nested;
  }
  return { price: null, currency: null };
}

type Found = ProductFields & { images: string[] };

function fromJsonLd(scripts: string[]): Found | null {
  const docs = scripts.map(parseJsonLd).filter((d): d is Json => d !== null);
  const { nodes, byId } = walk(docs);
  const products = nodes.filter((n) => typesOf(n).some((t) => PRODUCT_TYPES.has(t)));
  if (products.length === 0) return null;
  // The product the page is about: the one that says most (a page may list related products too).
  const score = (p: JsonObject) => ["name", "image", "offers", "description", "brand"].filter((k) => p[k] !== undefined).length;
  const product = products.reduce((best, p) => (score(p) > score(best) ? p : best));
  const { price, currency } = offerPrice(product.offers, byId);
  // A ProductGroup's variants carry the offers and pictures its own node may lack.
  const variants = asArray(product.hasVariant ?? null)
    .map((v) => deref(v, byId))
    .filter(isObject);
  const variantPrice = price ? null : variants.map((v) => offerPrice(v.offers, byId)).find((p) => p.price);
  return {
    name: clean(product.name, 200),
    description: clean(product.description),
    brand: nameOf(product.brand, byId) ?? nameOf(product.manufacturer, byId),
    price: price ?? variantPrice?.price ?? null,
    currency: price ? currency : (variantPrice?.currency ?? null),
    images: [...imageUrls(product.image, byId), ...variants.flatMap((v) => imageUrls(v.image, byId))],
  };
}

// ─── OpenGraph and meta tags ───

type Metas = { first: (key: string) => string | null; all: (key: string) => string[] };

function readMetas(tags: Tag[]): Metas {
  const map = new Map<string, string[]>();
  for (const tag of tags) {
    if (tag.name !== "meta") continue;
    const key = (tag.attrs.property ?? tag.attrs.name ?? tag.attrs.itemprop ?? "").trim().toLowerCase();
    const content = tag.attrs.content;
    if (!key || content === undefined || !content.trim()) continue;
    map.set(key, [...(map.get(key) ?? []), content.trim()]);
  }
  return { first: (key) => map.get(key)?.[0] ?? null, all: (key) => map.get(key) ?? [] };
}

function withoutSiteSuffix(title: string | null, siteName: string | null): string | null {
  if (!title || !siteName) return title;
  const escaped = siteName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const stripped = title.replace(new RegExp(`\\s*[|–—:\\-·•]\\s*${escaped}\\s*$`, "i"), "").trim();
  return stripped || title;
}

// ─── the page ───

function resolveImages(urls: string[], base: URL | null): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of urls) {
    const text = decodeEntities(raw.trim());
    if (!text || /^data:/i.test(text)) continue;
    let url: URL;
    try {
      url = base ? new URL(text, base) : new URL(text);
    } catch {
      continue;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") continue;
    url.hash = "";
    const href = url.toString();
    if (seen.has(href)) continue;
    seen.add(href);
    out.push(href);
    if (out.length >= PRODUCT_PAGE_MAX_IMAGES) break;
  }
  return out;
}

function baseUrl(pageUrl: string, tags: Tag[]): URL | null {
  let page: URL | null = null;
  try {
    page = new URL(pageUrl);
  } catch {
    page = null;
  }
  const href = tags.find((t) => t.name === "base" && t.attrs.href)?.attrs.href;
  if (href) {
    try {
      const base = new URL(href, page ?? undefined);
      if (base.protocol === "http:" || base.protocol === "https:") return base;
    } catch {
      // An unusable <base> is ignored, as browsers do.
    }
  }
  return page;
}

/** Reads a product page (its HTML and the address it was fetched from). */
export function parseProductPage(html: string, pageUrl: string): ParsedProductPage {
  const tags = tokenize(html);
  const scripts = tags.filter((t) => t.name === "script" && (t.attrs.type ?? "").trim().toLowerCase().split(";")[0] === "application/ld+json");
  const ld = fromJsonLd(scripts.map((t) => t.text ?? ""));
  const meta = readMetas(tags);
  const siteName = clean(meta.first("og:site_name"), 200);
  const ogType = (meta.first("og:type") ?? "").toLowerCase();
  const ogPrice = normalizePrice(meta.first("product:price:amount") ?? meta.first("og:price:amount"));
  const title = clean(tags.find((t) => t.name === "title")?.text, 300);

  const name = ld?.name ?? clean(meta.first("og:title"), 200) ?? withoutSiteSuffix(title, siteName);
  const description = ld?.description ?? clean(meta.first("og:description")) ?? clean(meta.first("description"));
  const brand = ld?.brand ?? clean(meta.first("product:brand") ?? meta.first("og:brand"), 200) ?? siteName;
  const price = ld?.price ?? ogPrice;
  const currency = ld?.price ? ld.currency : ogPrice ? currencyOf(meta.first("product:price:currency") ?? meta.first("og:price:currency")) : null;
  const ogImages = [...meta.all("og:image"), ...meta.all("og:image:url"), ...meta.all("og:image:secure_url")];
  const images = resolveImages([...(ld?.images ?? []), ...ogImages], baseUrl(pageUrl, tags));
  const isProductPage = ld !== null || ogType === "product" || ogType.startsWith("product.") || ogPrice !== null;
  return { name: withoutSiteSuffix(name, siteName), description, brand, price, currency, images, isProductPage };
}

// ─── the idea ───

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** The description's first sentences, whole, within `budget` words (a first sentence too long is cut at a word). */
function firstSentences(description: string, budget: number): string {
  const sentences =
    description
      .match(/[^.!?]+(?:[.!?]+["”’)]?|$)/g)
      ?.map((s) => s.trim())
      .filter(Boolean) ?? [];
  const kept: string[] = [];
  let used = 0;
  for (const sentence of sentences) {
    const n = words(sentence).length;
    if (used + n > budget) break;
    kept.push(sentence);
    used += n;
  }
  if (kept.length === 0 && sentences[0]) {
    const cut = words(sentences[0])
      .slice(0, budget)
      .join(" ")
      .replace(/[\s,;:–—-]+$/, "");
    return cut ? `${cut}.` : "";
  }
  return kept.map((s) => (/[.!?]["”’)]?$/.test(s) ? s : `${s}.`)).join(" ");
}

/**
 * A script a person would write from the product's own words: "<Name> by <Brand>. <the
 * description's first sentences> Now <price> <currency>." At most PRODUCT_IDEA_MAX_WORDS words;
 * empty when the page gave no name and no description.
 */
export function productIdea(product: ProductFields): string {
  const name = product.name?.trim() ?? "";
  const brand = product.brand?.trim() ?? "";
  const byBrand = brand && name && !name.toLowerCase().includes(brand.toLowerCase()) ? ` by ${brand}` : "";
  const opening = name ? `${name}${byBrand}`.replace(/[\s.]+$/, "") + "." : "";
  const priceLine = product.price ? `Now ${product.price}${product.currency ? ` ${product.currency}` : ""}.` : "";
  const budget = PRODUCT_IDEA_MAX_WORDS - words(opening).length - words(priceLine).length;
  const middle = product.description && budget > 3 ? firstSentences(product.description, budget) : "";
  const idea = [opening, middle, priceLine].filter(Boolean).join(" ");
  if (!name && !middle) return "";
  const all = words(idea);
  return all.length <= PRODUCT_IDEA_MAX_WORDS
    ? idea
    : `${all
        .slice(0, PRODUCT_IDEA_MAX_WORDS)
        .join(" ")
        .replace(/[\s,;:]+$/, "")}.`;
}
