import type { AspectRatio, CallOptions, Size } from "~/providers/media/types";

export type ProductShotVersion = "v1" | "v2";

export type ProductImageRequest = {
  /** The product photo: a file path or its bytes (JPEG, PNG, WebP ...). */
  productImage: string | Buffer;
  /** Scene/image prompt, e.g. "on a marble counter in a sunny kitchen". */
  prompt: string;
  aspectRatio: AspectRatio;
  /** Style name or words ("Product Showcase", "luxury", "playful summer" ...). */
  style?: string;
  version: ProductShotVersion;
  /** Optional headline drawn on the image. */
  headline?: string;
  /** Optional colours (dark, accent, light), e.g. StoryType.details.palette. */
  palette?: string[];
  /** Output size; default 1080x1920 / 1920x1080 / 1080x1080. */
  size?: Size;
  /**
   * An ad shot (docs/decisions/205-shots-from-one-product-photo.md): the local compositor draws
   * this composition, with `headline` as its large text; hosted models get it as prompt words.
   */
  shot?: "hero" | "close-up" | "feature" | "split" | "kinetic" | "end-card" | "photo";
  /** A photo shot: the user's own picture, shown full bleed (docs/decisions/221-project-assets-as-shots.md). */
  photo?: Buffer;
  /** End card: the product's name, and the brand's logo or avatar. */
  productName?: string;
  logo?: Buffer;
  /**
   * The owner's brand kit (docs/decisions/310-brand-kit.md): colours for backgrounds and panels
   * ([0] backgrounds, [1] panels and the button, [2] optional text), its font for the shot's
   * text, and the website line of the end card. With it, `logo` is the kit's logo.
   */
  brand?: { colors: string[]; fontId: string; website?: string };
  /** Light or dark backgrounds (the Style's tone). */
  tone?: "light" | "dark";
  /**
   * Also return the shot's layers when it has them (local compositor): the motion step moves the
   * background plate and the product layer at different rates (docs/decisions/220-parallax-layers.md)
   * and holds the text layer still (docs/decisions/381-text-layer-held-still.md).
   */
  layers?: boolean;
};

/**
 * A shot in layers, each full frame: the background plate (JPEG; the whole picture but the text,
 * and but the product where `foreground` is given), the product layer (PNG with alpha; hero and
 * close-up), and the text layer (PNG with alpha: headlines, call-outs, buttons, logo, their panels).
 */
export type ShotLayers = { background: Buffer; foreground?: Buffer; text?: Buffer };

export type ProductImageResult = {
  image: Buffer;
  mime: "image/jpeg" | "image/png";
  width: number;
  height: number;
  provider: string;
  /** Whether a plain background was found and removed (local compositor). */
  backgroundRemoved?: boolean;
  requestId?: string;
  /** The shot's layers: `layers` was asked and the shot has a product layer or text. */
  layers?: ShotLayers;
};

export interface ProductImageProvider {
  readonly name: string;
  readonly label: string;
  generate(request: ProductImageRequest, options?: CallOptions): Promise<ProductImageResult>;
  /**
   * Draws an ad shot's layers again (the same picture `generate` made for the request, as a
   * background plate, a product layer and a text layer), null when the shot has none. Only providers that
   * compose their shots (the local compositor) have it (docs/decisions/220-parallax-layers.md).
   */
  shotLayers?(request: ProductImageRequest, options?: CallOptions): Promise<ShotLayers | null>;
}
