// The image prompt for a scene made from a product photo (generate_optimized_prompt,
// docs/decisions/176-product-image-analysis.md): the user's words written as an image prompt
// (image-prompt.ts), then what the photo's measured analysis says the picture must respect —
// its colours, its light, how the product sits in the frame — so the generated scene matches
// the real product instead of a generic one.
import { writeImagePrompt } from "./image-prompt";

/** The parts of an image analysis (app/providers/image/analyze.server.ts) the prompt uses. */
export interface PromptImageFacts {
  lighting?: "dark" | "balanced" | "bright" | null;
  dominantColours?: { name: string; share: number }[] | null;
  background?: { plain: boolean; name: string } | null;
  subject?: { position: string; coverage: number } | null;
}

export interface OptimizedPromptInput {
  userPrompt: string;
  /** Scene text to fall back on when the user wrote nothing. */
  sceneText?: string | null;
  product?: string | null;
  style?: string | null;
  aspectRatio?: string | null;
  imageAnalysis?: PromptImageFacts | null;
}

export interface OptimizedPrompt {
  optimizedPrompt: string;
  /** What the analysis added, for people to read. */
  fromImage: string[];
}

export function optimizedImagePrompt(input: OptimizedPromptInput): OptimizedPrompt {
  const words = input.userPrompt.trim() || input.sceneText?.trim() || "";
  const base = writeImagePrompt({ sceneText: words, style: input.style, product: input.product, aspectRatio: input.aspectRatio });
  const facts = input.imageAnalysis ?? null;
  const fromImage: string[] = [];
  if (facts) {
    const background = facts.background?.plain ? facts.background.name : null;
    const colours = (facts.dominantColours ?? []).filter((c) => c.name !== background && c.share >= 0.03).map((c) => c.name);
    if (colours.length) fromImage.push(`palette matched to the product's ${joinAnd(colours.slice(0, 3))}`);
    if (facts.lighting === "dark") fromImage.push("low-key lighting that keeps the dark product readable");
    else if (facts.lighting === "bright") fromImage.push("bright high-key lighting like the product photo");
    if (facts.background?.plain) fromImage.push(`the product cut out from its plain ${facts.background.name} studio background and placed in the scene`);
    if (facts.subject && facts.subject.coverage < 0.25) fromImage.push("product shown larger than in the source photo");
  }
  const optimizedPrompt = fromImage.length ? `${base}, ${fromImage.join(", ")}` : base;
  return { optimizedPrompt, fromImage };
}

function joinAnd(items: string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
