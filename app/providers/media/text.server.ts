// Text to a transparent PNG with sharp/pango and the shipped fonts: headlines on product
// images and captions on videos. Pango wraps to the width and shapes Devanagari correctly.
import sharp from "sharp";
import { boldFontFor, ensureFontconfig, escapeXml } from "./fonts.server";

export type TextImage = { png: Buffer; width: number; height: number };

/** Text drawn as raw RGBA pixels (4 channels, not premultiplied), for callers that go on compositing it. */
export type RawTextImage = { rgba: Buffer; width: number; height: number };

type TextOptions = {
  text: string;
  sizePx: number;
  color: string;
  maxWidth: number;
  align?: "left" | "centre" | "right";
  style?: "sans" | "serif" | "condensed";
  /** A brand kit font id (font-ids.ts); Devanagari text is still drawn in Noto Sans Devanagari. */
  fontId?: string;
  /** Extra line spacing in px. */
  lineSpacing?: number;
  /**
   * Colours per word run: [text, colour] pieces whose texts joined make `text` (word highlights),
   * optionally [text, colour, size scale, background colour] (a marker behind the run).
   */
  runs?: Array<[string, string] | [string, string, number] | [string, string, number, string]>;
};

export async function renderTextImage(options: TextOptions): Promise<TextImage> {
  const { rgba, width, height } = await renderTextRaw(options);
  // Lossless either way; deflate would only cost here (a caption draws one per word step), so none.
  const png = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return { png, width, height };
}

/** renderTextImage's pixels, without the PNG around them. */
export async function renderTextRaw(options: TextOptions): Promise<RawTextImage> {
  ensureFontconfig();
  const font = boldFontFor(options.text, options.style, options.fontId);
  const markup = options.runs
    ? options.runs
        .map(([t, c, scale, back]) => {
          // Pango sizes are in 1024ths of a point, and a point is a pixel at 72 dpi.
          const size = scale && scale !== 1 ? ` size="${Math.round(Math.max(6, options.sizePx * scale) * 1024)}"` : "";
          const marker = back ? ` background="${back}"` : "";
          return `<span foreground="${c}"${size}${marker}>${escapeXml(t)}</span>`;
        })
        .join("")
    : `<span foreground="${options.color}">${escapeXml(options.text)}</span>`;
  const { data, info } = await sharp({
    text: {
      text: markup,
      font: `${font.family} ${Math.max(6, Math.round(options.sizePx))}`,
      fontfile: font.file,
      width: Math.max(10, Math.round(options.maxWidth)),
      align: options.align ?? "centre",
      rgba: true,
      dpi: 72,
      wrap: "word",
      spacing: options.lineSpacing ?? Math.round(options.sizePx * 0.12),
    },
  })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Pango's logical box can clip the last glyph's overhang by a pixel or two: pad it.
  const pad = Math.ceil(options.sizePx * 0.06);
  const padded = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgba: padded.data, width: padded.info.width, height: padded.info.height };
}
