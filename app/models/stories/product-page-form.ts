// The Create Video page's "Start from a product page" form and its answer, shared by the page, its
// action and the field's component (isomorphic; docs/decisions/305-product-page-to-ad.md).
import type { ProductFields } from "./product-page-html";

/** The "Start from a product page" form: its intent and its address field. */
export const PRODUCT_PAGE_FORM = { intent: "read-product-page", intentField: "intent", urlField: "productPageUrl" } as const;

/** What the page's action answers the product page form. */
export type ProductPageActionData =
  | {
      intent: typeof PRODUCT_PAGE_FORM.intent;
      ok: true;
      url: string;
      product: ProductFields;
      idea: string;
      photos: { ref: string; url: string; contentType: string }[];
      skipped: number;
    }
  | { intent: typeof PRODUCT_PAGE_FORM.intent; ok: false; url: string; message: string };

export function isProductPageActionData(value: unknown): value is ProductPageActionData {
  return typeof value === "object" && value !== null && (value as { intent?: unknown }).intent === PRODUCT_PAGE_FORM.intent;
}
