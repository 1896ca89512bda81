/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.server.ts"],
  serverModuleFormat: "esm",
  serverDependenciesToBundle: [],
  postcss: true,
  tailwind: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    // Off: the browser loads the whole route manifest once (an immutable /build file) instead of
    // asking the server for each page's links (docs/decisions/402-route-manifest-loaded-once.md).
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: true,
  },
};
