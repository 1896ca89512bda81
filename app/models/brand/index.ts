// brand/: A user's brand kit (docs/decisions/310-brand-kit.md): logo (stored as a PNG, SVG drawn
// safely), two or three colours, a caption font of the bundled set, a default call to action, a
// website or handle line and the corner-mark switch; colour suggestions from the logo; the
// preview frame; and the kit as the ad makers read it (ownerBrand). Owns table brand_kits.
// Its public API: doors import only this index or brand-rules.ts (browser-safe); the rest is internal.
export {
  getBrandKit,
  ownerBrand,
  removeBrandKit,
  saveBrandKit,
  suggestColorsFromLogo,
  type LogoChange,
  type OwnerBrand,
  type SaveBrandKitResult,
} from "./brand-kit.server";
export { LogoError } from "./logo.server";
export { previewBrandKit, savedBrandPreview } from "./preview.server";
export * from "./brand-rules";
