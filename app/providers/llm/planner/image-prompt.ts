// Image prompts for a scene: the product, where it is, who is there, what else is visible, the
// light and colours the scene text mentions, the style's look and a framing for the aspect ratio.
import { extractKeywords, isContentWord, stem, tokenize } from "./text";

export interface ImagePromptInput {
  /** The scene's script or voice-over text. */
  sceneText: string;
  /** Optional extra description of the scene. */
  description?: string | null;
  /** Style name, e.g. "cinematic", "minimal", "UGC", or any free text. */
  style?: string | null;
  /** Product name or short description, e.g. "GlowUp Vitamin C Serum". */
  product?: string | null;
  aspectRatio?: "16:9" | "9:16" | "1:1" | "4:3" | string | null;
}

interface StylePreset {
  lead: string;
  details: string;
}

const STYLE_PRESETS: Array<[RegExp, StylePreset]> = [
  [
    /cinematic|film|movie|dramatic/i,
    { lead: "Cinematic product shot", details: "dramatic directional lighting, shallow depth of field, subtle film grain, rich contrast" },
  ],
  [
    /minimal|clean|simple|scandi/i,
    { lead: "Minimalist product photo", details: "clean uncluttered backdrop, soft diffused light, generous negative space, muted tones" },
  ],
  [
    /luxury|premium|elegant|high[- ]end/i,
    { lead: "Luxury editorial product photo", details: "polished reflective surfaces, soft rim light, deep shadows, refined gold and black accents" },
  ],
  [
    /vibrant|bold|colou?rful|pop|energetic/i,
    { lead: "Vibrant product shot", details: "saturated complementary colours, punchy hard light, bold graphic shapes" },
  ],
  [
    /ugc|authentic|casual|selfie|creator|social/i,
    { lead: "Authentic UGC-style smartphone photo", details: "handheld phone camera look, natural window light, real everyday setting, candid feel" },
  ],
  [
    /studio|catalog|e-?commerce|packshot/i,
    { lead: "Studio packshot", details: "seamless studio backdrop, three-point softbox lighting, crisp edges, true-to-life colour" },
  ],
  [/retro|vintage|nostalgic|70s|80s|90s/i, { lead: "Retro-styled product photo", details: "warm faded film colours, analog grain, vintage props" }],
  [
    /natural|organic|eco|botanical|earthy/i,
    { lead: "Natural lifestyle product photo", details: "earthy tones, botanical props, soft daylight, natural textures" },
  ],
  [
    /futur|tech|neon|cyber|sci-?fi/i,
    { lead: "Futuristic product render", details: "neon accent lighting, glossy dark surfaces, subtle reflections, high-tech atmosphere" },
  ],
  [/playful|fun|kids|cartoon|whimsical/i, { lead: "Playful product shot", details: "bright pastel palette, cheerful props, soft even light" }],
];

const SETTINGS = [
  "living room",
  "coffee shop",
  "hotel room",
  "city street",
  "golden field",
  "kitchen",
  "bathroom",
  "bedroom",
  "beach",
  "gym",
  "office",
  "desk",
  "cafe",
  "café",
  "street",
  "park",
  "forest",
  "mountain",
  "mountains",
  "studio",
  "car",
  "pool",
  "garden",
  "city",
  "rooftop",
  "market",
  "table",
  "counter",
  "vanity",
  "shelf",
  "lake",
  "river",
  "desert",
  "snow",
  "balcony",
  "terrace",
  "restaurant",
  "bar",
  "store",
  "shop",
  "classroom",
  "library",
  "stage",
  "track",
  "trail",
  "field",
  "home",
  "sofa",
  "couch",
  "bed",
  "mirror",
  "window",
];
const PEOPLE = [
  "woman",
  "women",
  "man",
  "men",
  "girl",
  "boy",
  "person",
  "people",
  "friends",
  "family",
  "athlete",
  "runner",
  "chef",
  "mom",
  "mother",
  "dad",
  "father",
  "kid",
  "kids",
  "child",
  "children",
  "baby",
  "customer",
  "creator",
  "model",
  "couple",
  "student",
  "team",
  "hands",
  "hand",
  "face",
];
const LIGHT = [
  "golden hour",
  "blue hour",
  "sunrise",
  "sunset",
  "morning",
  "dawn",
  "dusk",
  "noon",
  "afternoon",
  "evening",
  "night",
  "midnight",
  "moonlight",
  "sunlight",
  "candlelight",
  "rain",
  "rainy",
  "sunny",
  "foggy",
  "misty",
  "winter",
  "summer",
  "autumn",
  "spring",
  "monsoon",
];
const COLOURS = [
  "red",
  "orange",
  "yellow",
  "green",
  "blue",
  "purple",
  "violet",
  "pink",
  "black",
  "white",
  "grey",
  "gray",
  "gold",
  "golden",
  "silver",
  "beige",
  "cream",
  "brown",
  "teal",
  "turquoise",
  "navy",
  "coral",
  "pastel",
  "neon",
  "amber",
];
const MOODS = [
  "calm",
  "cozy",
  "cosy",
  "fresh",
  "bright",
  "dark",
  "warm",
  "cool",
  "soft",
  "bold",
  "elegant",
  "energetic",
  "peaceful",
  "busy",
  "quiet",
  "happy",
  "joyful",
  "relaxed",
  "sleepy",
  "tired",
  "radiant",
  "glowing",
  "clean",
  "luxurious",
  "festive",
];

const FRAMING: Record<string, string> = {
  "9:16": "vertical 9:16 composition, product centred in the lower two thirds, space at the top for captions",
  "16:9": "wide 16:9 composition, product on the right third, open space on the left",
  "1:1": "square 1:1 composition, product centred",
  "4:3": "4:3 composition, product centred",
};

export function stylePreset(style: string | null | undefined): StylePreset & { name: string } {
  const name = (style ?? "").trim();
  for (const [re, preset] of STYLE_PRESETS) if (name && re.test(name)) return { ...preset, name };
  return { lead: "Professional product photo", details: "balanced soft lighting, sharp focus on the product", name };
}

/** Finds the first phrase of a vocabulary in the text (longest phrases first). */
function findTerms(lower: string, vocabulary: string[], limit: number): string[] {
  const found: Array<{ term: string; at: number }> = [];
  const sorted = [...vocabulary].sort((a, b) => b.length - a.length);
  for (const term of sorted) {
    const re = new RegExp(`\\b${term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}s?\\b`, "i");
    const m = re.exec(lower);
    if (m && !found.some((f) => f.term.includes(term) || term.includes(f.term))) found.push({ term, at: m.index });
  }
  return found
    .sort((a, b) => a.at - b.at)
    .slice(0, limit)
    .map((f) => f.term);
}

export function writeImagePrompt(input: ImagePromptInput): string {
  const text = [input.description, input.sceneText].filter(Boolean).join(". ");
  const lower = text.toLowerCase();
  const product = (input.product ?? "").trim() || "the product";
  const preset = stylePreset(input.style);

  const productWords = tokenize(product).map((w) => w.toLowerCase());
  const setting = findTerms(lower, SETTINGS, 1)[0];
  const people = findTerms(lower, PEOPLE, 1)[0];
  const light = findTerms(lower, LIGHT, 2);
  const colours = findTerms(lower, COLOURS, 3);
  const moods = findTerms(lower, MOODS, 2);
  const used = new Set([setting, people, ...light, ...colours, ...moods].filter(Boolean).flatMap((t) => t!.split(" ").map(stem)));

  // Remaining nouns/adjectives from the scene, most frequent first.
  const details = extractKeywords(text, { exclude: [...productWords, "scene", "product", "video", "shot", "image", "photo"], limit: 8, minPhraseCount: 1 })
    .map((k) => k.text)
    .filter((k) => k.split(" ").every((w) => isContentWord(w) && !used.has(stem(w))))
    .slice(0, 4);

  const parts: string[] = [];
  let subject = `${preset.lead} of ${product}`;
  if (setting) subject += ` ${settingPhrase(setting)}`;
  if (people) subject += `, with ${withArticle(people)}`;
  parts.push(subject.replace(/\s+/g, " "));
  if (details.length) parts.push(`featuring ${details.join(", ")}`);
  if (moods.length) parts.push(`${moods.join(" and ")} mood`);
  if (light.length) parts.push(`${light.join(", ")} light`);
  if (colours.length) parts.push(`${colours.join(", ")} colour palette`);
  parts.push(preset.details);
  if (preset.name) parts.push(`${preset.name} style`);
  const framing = FRAMING[input.aspectRatio ?? ""] ?? (input.aspectRatio ? `${input.aspectRatio} composition` : null);
  if (framing) parts.push(framing);
  parts.push("product label clearly visible, high detail, no added text");
  return parts.join(", ");
}

function settingPhrase(setting: string): string {
  const special: Record<string, string> = {
    home: "at home",
    snow: "in the snow",
    city: "in the city",
    mountains: "in the mountains",
    rain: "in the rain",
    window: "by a window",
    mirror: "in front of a mirror",
  };
  if (special[setting]) return special[setting];
  const on = /^(table|counter|desk|shelf|vanity|sofa|couch|bed|stage|track|trail|beach|balcony|terrace|rooftop|street|city street|field|golden field)$/.test(
    setting,
  );
  return `${on ? "on" : "in"} ${withArticle(setting)}`;
}

const PLURALS = new Set(["people", "friends", "kids", "children", "women", "men", "hands", "mountains"]);

function withArticle(noun: string): string {
  if (PLURALS.has(noun)) return noun;
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}
