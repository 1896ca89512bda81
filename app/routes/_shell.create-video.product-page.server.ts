// The "Start from a product page" form of Create Video (route-only helper of
// _shell.create-video.tsx; docs/decisions/305-product-page-to-ad.md). Its own small urlencoded
// form posts intent=read-product-page to the page's action, with or without JavaScript; this
// reads it and calls the core (readProductPage), which fetches the page and stores its pictures as
// the user's product photos. Nothing is charged: the dialog is only filled in.
import { data } from "@remix-run/node";
import { actorFromUser } from "~/models/access";
import { readProductPage } from "~/models/stories";
import { PRODUCT_PAGE_FORM, type ProductPageActionData } from "~/models/stories/product-page-form";
import { isMultipart, readFormData } from "~/utils/forms.server";

const STATUS: Record<string, number> = { throttled: 429, no_user: 401 };

/** The product page form's answer, or null when the post is another form (the video itself). */
export async function productPageAction(request: Request, user: { id: string; isAdmin: boolean }) {
  if (isMultipart(request)) return null;
  const form = await readFormData(request.clone());
  if (form.get(PRODUCT_PAGE_FORM.intentField) !== PRODUCT_PAGE_FORM.intent) return null;
  const raw = form.get(PRODUCT_PAGE_FORM.urlField);
  const url = typeof raw === "string" ? raw.trim().slice(0, 4096) : "";
  const result = await readProductPage(actorFromUser(user, "web"), url, { signal: request.signal });
  if (!result.ok) {
    return data<ProductPageActionData>({ intent: PRODUCT_PAGE_FORM.intent, ok: false, url, message: result.message }, { status: STATUS[result.code] ?? 400 });
  }
  return data<ProductPageActionData>({
    intent: PRODUCT_PAGE_FORM.intent,
    ok: true,
    url: result.pageUrl,
    product: result.product,
    idea: result.idea,
    photos: result.photos,
    skipped: result.skipped,
  });
}
