// "Start from a product page" (docs/product.md#create-video, ADR 305): the address of a store's
// product page, read by the server; what it found fills the Create Video form below it for the
// user to review and edit before paying. Its own small form (intent=read-product-page) posted to
// the page's action: without JavaScript the page comes back with the dialog filled in; with it, a
// fetcher answers in place. Errors show here (role=alert) and the rest of the dialog stays usable.
import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { Button } from "~/components/ui/Button";
import { cx } from "~/components/ui/cx";
import { isProductPageActionData, PRODUCT_PAGE_FORM, type ProductPageActionData } from "~/models/stories/product-page-form";

type Found = Extract<ProductPageActionData, { ok: true }>;

export type ProductPageFieldProps = {
  /** The answer of a plain (no-JavaScript) post of this form. */
  initial?: ProductPageActionData;
  /** Called once for each page read with JavaScript, to fill the form in. */
  onFound?: (found: Found) => void;
};

const NO_ANSWER = "The page could not be read. Please try again.";

function priceText(product: Found["product"]): string | null {
  if (!product.price) return null;
  return product.currency ? `${product.price} ${product.currency}` : product.price;
}

export function ProductPageField({ initial, onFound }: ProductPageFieldProps) {
  const fetcher = useFetcher<unknown>();
  const id = useId();
  const handled = useRef<unknown>(null);
  const pending = fetcher.state !== "idle";
  const fetched = fetcher.data;
  // The fetcher's answer (a session that ran out answers in the page action's own shape).
  const answer: ProductPageActionData | undefined =
    fetched === undefined
      ? initial
      : isProductPageActionData(fetched)
        ? fetched
        : { intent: PRODUCT_PAGE_FORM.intent, ok: false, url: "", message: (fetched as { toast?: { description?: string } })?.toast?.description ?? NO_ANSWER };

  useEffect(() => {
    if (!fetched || fetcher.state !== "idle" || handled.current === fetched) return;
    handled.current = fetched;
    if (isProductPageActionData(fetched) && fetched.ok) onFound?.(fetched);
  }, [fetched, fetcher.state, onFound]);

  const error = answer && !answer.ok ? answer.message : null;
  const found = answer && answer.ok ? answer : null;
  const price = found ? priceText(found.product) : null;

  return (
    <fetcher.Form
      method="post"
      action="/create-video?new=1"
      noValidate
      aria-busy={pending || undefined}
      className="mb-5 flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4"
      data-testid="product-page-form"
    >
      <input type="hidden" name={PRODUCT_PAGE_FORM.intentField} value={PRODUCT_PAGE_FORM.intent} />
      <label htmlFor={`${id}-url`} className="text-sm font-medium text-slate-800">
        Start from a product page
      </label>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Optional. Paste your product&apos;s page in your store: its name, description, price and photos fill in the form below. Free; you can edit everything
        before you create the video.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={`${id}-url`}
          name={PRODUCT_PAGE_FORM.urlField}
          type="url"
          inputMode="url"
          autoComplete="url"
          maxLength={2048}
          placeholder="https://yourstore.com/products/…"
          defaultValue={answer?.url ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={cx(`${id}-hint`, error && `${id}-error`)}
          className={cx(
            "h-10 w-full min-w-0 rounded-lg sm:flex-1 border bg-white px-3 text-sm text-slate-900 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500",
            error ? "border-red-400" : "border-slate-300",
          )}
        />
        <Button type="submit" variant="secondary" disabled={pending} aria-disabled={pending} className="w-full sm:w-auto">
          {pending ? "Reading…" : "Read page"}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {found ? (
        <div role="status" className="flex flex-col gap-2 text-sm text-slate-800" data-testid="product-page-found">
          <p>
            <span className="font-semibold">{found.product.name ?? "Product"}</span>
            {found.product.brand ? <span> · {found.product.brand}</span> : null}
            {price ? <span> · {price}</span> : null}
          </p>
          {found.photos.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label="Photos from the page">
              {found.photos.map((photo, i) => (
                <li key={photo.ref}>
                  <img
                    src={photo.url}
                    alt={`${found.product.name ?? "The product"}, ${i + 1} of ${found.photos.length}`}
                    className="size-14 rounded-md border border-slate-200 object-cover"
                  />
                </li>
              ))}
            </ul>
          ) : null}
          <p className="text-xs text-slate-600">
            {found.photos.length === 1 ? "1 photo" : `${found.photos.length} photos`} and a script filled in below
            {found.skipped > 0 ? ` (${found.skipped} ${found.skipped === 1 ? "picture" : "pictures"} on the page could not be used)` : ""}. Nothing is charged
            until you create the video.
          </p>
        </div>
      ) : null}
    </fetcher.Form>
  );
}
