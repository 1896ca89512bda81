import { z } from "zod";
import { readProductPage } from "~/models/stories";
import { defineTool, ToolError } from "~/tools/types";

export const readProductPageTool = defineTool({
  name: "read_product_page",
  title: "Read product page",
  description:
    "Reads a store's product page (an http(s) address on the public internet): the product's name, description, brand, price and currency from its schema.org data, OpenGraph or meta tags, an `idea` (a short script written from the page's own words, to edit before use) and up to 8 of its pictures, stored as your product photos. Each `photoRefs` item (\"product-photos/<key>\") can be passed as `ref` to upload_product_image. Free; nothing is charged until a video is made. The page must answer within 5 s and be at most 2 MB; pictures over 10 MB or not images are skipped.",
  inputSchema: z.object({
    url: z
      .string({ error: (i) => (i.input === undefined ? "url is required" : "url must be text") })
      .trim()
      .min(1, "url is required")
      .max(2048, "url is too long")
      .describe("The product page's http(s) address"),
  }),
  outputSchema: z.object({
    pageUrl: z.string().describe("The address read, after redirects"),
    product: z.object({
      name: z.string().nullable(),
      description: z.string().nullable(),
      brand: z.string().nullable(),
      price: z.string().nullable().describe('A decimal as the page writes it, e.g. "24.00"'),
      currency: z.string().nullable().describe("ISO 4217 code, e.g. USD"),
    }),
    idea: z.string().describe("A script to start from, at most about 60 words"),
    photoRefs: z.array(z.string()).describe('The stored pictures, in the page\'s order: "product-photos/<key>"'),
    skipped: z.number().describe("Pictures the page named that were refused"),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  failure: "Failed to read the product page",
  async handler(actor, input, ctx) {
    const result = await readProductPage(actor, input.url, { signal: ctx.signal });
    if (!result.ok) throw new ToolError(result.message);
    const { pageUrl, product, idea, photoRefs, skipped } = result;
    return { data: { pageUrl, product, idea, photoRefs, skipped } };
  },
});
