// Hosted product shots through a model queue (fal's protocol; by default Bria's product-shot
// model): submit the photo and scene description, poll, download the image, fit it to the
// requested size and draw the headline the same way the local compositor does.
import { rm } from "node:fs/promises";
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { downloadToFile, firstUrlIn, ModelQueueClient, type QueueConfig } from "~/providers/media/http.server";
import { FULL_SIZES, ProviderError, isAspectRatio, type CallOptions } from "~/providers/media/types";
import { newWorkFile, workRoot } from "~/providers/media/workdir.server";
import { drawHeadline } from "./local.server";
import type { ProductImageProvider, ProductImageRequest, ProductImageResult } from "./types";

export type FalImageConfig = QueueConfig & {
  modelV1: string;
  modelV2: string;
  workDir?: string;
};

export async function toDataUri(image: string | Buffer, maxSide = 1536): Promise<string> {
  const jpeg = await sharp(image, { failOn: "error" })
    .rotate()
    .resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 90 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
}

export class FalProductImageProvider implements ProductImageProvider {
  readonly name = "fal-image";
  readonly label: string;
  private readonly queue: ModelQueueClient;
  private readonly root: string;

  constructor(private readonly config: FalImageConfig) {
    this.queue = new ModelQueueClient(config);
    this.root = workRoot(config.workDir);
    this.label = `Hosted image model (${config.modelV1}${config.modelV2 !== config.modelV1 ? `, ${config.modelV2}` : ""})`;
  }

  async generate(request: ProductImageRequest, options: CallOptions = {}): Promise<ProductImageResult> {
    if (!isAspectRatio(request.aspectRatio)) throw new ProviderError(this.name, "bad_input", "Aspect ratio must be 16:9, 9:16 or 1:1");
    const { width: W, height: H } = request.size ?? FULL_SIZES[request.aspectRatio];
    let imageUrl: string;
    try {
      imageUrl = await toDataUri(request.productImage);
    } catch (error) {
      throw new ProviderError(this.name, "bad_input", `The product image cannot be read: ${(error as Error).message}`, { cause: error });
    }
    const sceneDescription = [request.prompt, request.style ? `style: ${request.style}` : ""].filter(Boolean).join(", ");
    const input = {
      image_url: imageUrl,
      scene_description: sceneDescription || "clean studio product photo",
      optimize_description: true,
      num_results: 1,
      fast: request.version === "v1",
      placement_type: "manual_placement",
      manual_placement_selection: request.version === "v1" ? "bottom_center" : "right_center",
      shot_size: [W, H],
    };
    const model = request.version === "v2" ? this.config.modelV2 : this.config.modelV1;
    const { requestId, output } = await this.queue.run<unknown>(model, input, { signal: options.signal });
    const url = firstUrlIn(output, ["images", "image", "output"]);
    if (!url) throw new ProviderError(this.name, "upstream", "The image model returned no image");
    const file = await newWorkFile(this.root, "image", "bin");
    try {
      await downloadToFile(url, file, { provider: this.name, timeoutMs: this.config.requestTimeoutMs, signal: options.signal, maxBytes: 50 * 1024 * 1024 });
      let fitted: Buffer;
      try {
        fitted = await sharp(await readFile(file), { failOn: "error" })
          .rotate()
          .resize(W, H, { fit: "cover", position: sharp.strategy.attention })
          .jpeg({ quality: 90 })
          .toBuffer();
      } catch (error) {
        throw new ProviderError(this.name, "upstream", "The image model returned a file that is not an image", { cause: error });
      }
      const image = request.headline?.trim() ? await drawHeadline(fitted, request.headline.trim(), request.version) : fitted;
      return { image, mime: "image/jpeg", width: W, height: H, provider: this.name, requestId };
    } finally {
      await rm(file, { force: true });
    }
  }
}
