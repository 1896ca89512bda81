// Imported first by the web process (server/index.ts) and the worker (server/worker.ts), before
// anything loads React: they serve the production build (`remix build`), so React and Remix run
// their production builds too unless NODE_ENV says otherwise (`npm run dev` sets development,
// the test runners test). NODE_ENV decides nothing else: whether this is a deployment, and so
// which conveniences are on, is decided by HOST, APP_URL and REELFORGE_DEPLOYMENT (ADR 325).
process.env.NODE_ENV ||= "production";

export {};
