// Reading a product page's HTML (issue 23 item 4, ADR 305): JSON-LD, then OpenGraph, then meta
// tags, on fixtures shaped like real store pages.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseProductPage, productIdea, PRODUCT_IDEA_MAX_WORDS } from "~/models/stories/product-page-html";

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "../fixtures/product-pages", name), "utf8");
const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;

describe("parseProductPage", () => {
  it("reads a Shopify-style page: JSON-LD first, offers as an array, brand as an object, relative images resolved", () => {
    const page = parseProductPage(fixture("shopify.html"), "https://northwind-goods.example/products/trail-flask");
    expect(page).toMatchObject({ name: "Trail Flask 750 ml", brand: "Northwind", price: "34.00", currency: "USD", isProductPage: true });
    expect(page.description).toBe(
      "Our Trail Flask keeps drinks cold for 24 hours and hot for 12. Double-wall steel, a leak-proof lid & a powder coat that grips in wet hands. Made to last a lifetime of trails.",
    );
    expect(page.images).toEqual([
      "https://northwind-goods.example/cdn/shop/products/flask-front.png",
      "https://northwind-goods.example/cdn/shop/products/flask-side.jpg",
      "http://northwind-goods.example/cdn/shop/products/flask-front.png?v=1699",
      "https://northwind-goods.example/cdn/shop/products/flask-front.png?v=1699",
    ]);
    // Neither the commented-out tag nor what a script would write is read.
    expect(page.images.join(" ")).not.toContain("old-commented-out");
    expect(page.name).not.toBe("injected");
  });

  it("reads a WooCommerce-style page: the Product after a Yoast @graph, brand as text, priceSpecification", () => {
    const page = parseProductPage(fixture("woocommerce.html"), "https://oakandthread.example/product/linen-apron/");
    expect(page).toMatchObject({ name: "Linen Apron", brand: "Oak & Thread", price: "1299.00", currency: "GBP", isProductPage: true });
    expect(page.description).toMatch(/^A heavy linen apron with deep pockets/);
    expect(page.images).toEqual(["https://oakandthread.example/wp-content/uploads/2026/03/apron-1.jpg"]);
  });

  it("reads a marketplace page: @graph with @id references, ImageObject, AggregateOffer, <base href>, the main product", () => {
    const page = parseProductPage(fixture("marketplace.html"), "https://www.bazaarly.example/p/12345?ref=search");
    expect(page).toMatchObject({
      name: "Ceramic Pour-Over Coffee Dripper, Matte White",
      brand: "Kiln & Co",
      price: "18.50",
      currency: "USD",
      isProductPage: true,
    });
    expect(page.images).toEqual(["https://www.bazaarly.example/img/dripper-main.jpg", "https://img.bazaarly.example/p/dripper-top.png"]);
  });

  it("reads a page with only OpenGraph: og:type product, a comma decimal price, repeated og:image deduplicated", () => {
    const page = parseProductPage(fixture("opengraph-only.html"), "https://hearth.example/shop/sunrise");
    expect(page).toEqual({
      name: "Sunrise Candle",
      description: "Soy wax candle with notes of orange peel and cedar. Burns for 45 hours.",
      brand: "Hearth Studio",
      price: "22.50",
      currency: "EUR",
      images: ["https://hearth.example/images/sunrise-candle.jpg", "https://hearth.example/images/sunrise-candle-lit.png"],
      isProductPage: true,
    });
  });

  it("says a page with neither is not a product page, and still reads its title and description", () => {
    const page = parseProductPage(fixture("none.html"), "https://hearth.example/about");
    expect(page).toMatchObject({ isProductPage: false, images: [], price: null, name: "About us — Hearth Studio" });
    expect(page.description).toBe("We are a small studio making candles by hand since 2019.");
  });

  it("keeps at most 8 images, only http(s), and survives broken JSON-LD and an unclosed script", () => {
    const imgs = Array.from({ length: 12 }, (_, i) => `"/i/${i}.jpg"`).join(",");
    const html = `<script type="application/ld+json">{ broken </script>
      <script type="application/ld+json">{"@type":"http://schema.org/Product","name":"Lamp","image":["data:image/png;base64,AAAA","javascript:alert(1)",${imgs}]}</script>
      <script>var x = "<script type='application/ld+json'>{}"`;
    const page = parseProductPage(html, "https://shop.example/lamp");
    expect(page.name).toBe("Lamp");
    expect(page.images).toHaveLength(8);
    expect(page.images[0]).toBe("https://shop.example/i/0.jpg");
  });

  it("takes OpenGraph over the <title> and meta description when there is no JSON-LD", () => {
    const html = `<title>T</title><meta name="description" content="meta words"><meta property="og:title" content="OG name"><meta property="og:image" content="https://cdn.example/a.png">`;
    expect(parseProductPage(html, "https://x.example/")).toMatchObject({ name: "OG name", description: "meta words", isProductPage: false });
  });
});

describe("productIdea", () => {
  it("writes the name, brand, the description's first whole sentences and the price, within the word limit", () => {
    const page = parseProductPage(fixture("shopify.html"), "https://northwind-goods.example/p");
    const idea = productIdea(page);
    expect(idea).toBe(
      "Trail Flask 750 ml by Northwind. Our Trail Flask keeps drinks cold for 24 hours and hot for 12. Double-wall steel, a leak-proof lid & a powder coat that grips in wet hands. Made to last a lifetime of trails. Now 34.00 USD.",
    );
    expect(wordCount(idea)).toBeLessThanOrEqual(PRODUCT_IDEA_MAX_WORDS);
  });

  it("does not repeat a brand the name already holds, and cuts a long description at whole sentences", () => {
    const long = Array.from({ length: 10 }, (_, i) => `Sentence number ${i} tells one more thing about it.`).join(" ");
    const idea = productIdea({ name: "Kiln & Co Dripper", brand: "Kiln & Co", description: long, price: "18.50", currency: "USD" });
    expect(idea.startsWith("Kiln & Co Dripper. Sentence number 0")).toBe(true);
    expect(idea.endsWith("about it. Now 18.50 USD.")).toBe(true);
    expect(wordCount(idea)).toBeLessThanOrEqual(PRODUCT_IDEA_MAX_WORDS);
  });

  it("is empty without a name or a description", () => {
    expect(productIdea({ name: null, description: null, brand: "B", price: "1", currency: null })).toBe("");
  });
});
