// The landing page for signed-out visitors at "/".
import { AppLink } from "~/components/ui/AppLink";
import { useCallback } from "react";
import { buttonClasses } from "~/components/ui/Button";
import { Icon, type IconName } from "~/components/ui/Icon";
import { StaticMarkup } from "~/components/ui/StaticMarkup";
import { modelSteps, type ModelUse } from "~/providers/model-use";
import { SkipLink } from "~/components/shell/SkipLink";
import { formatRupees, LANDING_DELIVERY, LANDING_PRICE_PER_VIDEO_INR } from "./format";
import { heroBadge, poweredBy, poweredByIntro } from "./provider-copy";
import { PublicFooter } from "./PublicFooter";
import { PublicHeader } from "./PublicHeader";
import type { ShowcaseItem } from "~/models/stories/showcase";

const price = formatRupees(LANDING_PRICE_PER_VIDEO_INR);

const STEPS: { title: string; text: string; icon: IconName }[] = [
  {
    title: "Upload your product and script",
    text: "Write a script or just an idea, add a product or avatar image and, if you like, your own background music.",
    icon: "upload",
  },
  {
    title: "Pick a voice and a style",
    text: "Choose the voice that speaks your script and the style of the ad. One video costs 20 credits.",
    icon: "mic",
  },
  {
    title: `Get your video ${LANDING_DELIVERY}`,
    text: "The finished video, with voice, script and music, appears in your dashboard, ready to download and post.",
    icon: "film",
  },
];

const BENEFITS: { title: string; text: string; icon: IconName }[] = [
  { title: `Delivered ${LANDING_DELIVERY}`, text: "Order now and watch your ad today, not next week.", icon: "clock" },
  { title: `${price} per video`, text: "Simple one-time credit packs. No subscription, no agency retainer.", icon: "rupee" },
  { title: "No calls or waiting", text: "No briefing calls and no back-and-forth: order online in a few minutes.", icon: "phone-off" },
  { title: "Voice, script and music included", text: "Every video comes with a voice-over, on-screen script and background music.", icon: "music" },
  { title: "Made for social feeds", text: "Short UGC-style videos for reels, stories and shorts ads.", icon: "video" },
];

/** `models`: which steps an AI model serves now; the copy names models only there (ADR 135). */
export function LandingPage({ showcase, showcaseInProgress = false, models }: { showcase: ShowcaseItem[]; showcaseInProgress?: boolean; models: ModelUse }) {
  const providers = poweredBy(models);
  const scrollToShowcase = useCallback((event: React.MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById("showcase");
    if (!target) return;
    event.preventDefault();
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
    target.focus({ preventScroll: true });
    history.replaceState(history.state, "", "#showcase");
  }, []);

  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <SkipLink />
      <PublicHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {/* The sections above the examples and the closing call to action are the same for every
            visitor while the same steps use AI models: sent as kept markup (ADR 405). */}
        <StaticMarkup cacheKey={`landing:intro:${modelSteps(models).join(",")}`}>
          {/* Hero */}
          <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
            <div aria-hidden="true" className="pointer-events-none absolute -top-40 right-[-10rem] size-[32rem] rounded-full bg-brand-500/15 blur-3xl" />
            <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-12 sm:px-6 md:pt-20 lg:grid-cols-[1.15fr_1fr] lg:pb-24">
              <div>
                <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm">
                  <Icon name="sparkles" className="size-4" />
                  {heroBadge(models)}
                </p>
                <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
                  Video ads that sell, <span className="text-brand-600">from just a script.</span>
                </h1>
                <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
                  {`Send a script or an idea, a product image and a voice. Reelforge turns it into a finished short video ad with voice-over, script and music, delivered to your dashboard ${LANDING_DELIVERY}.`}
                </p>
                <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                  <AppLink to="/auth/signup" className={buttonClasses("primary", "lg")}>
                    Start Now
                    <Icon name="arrow-right" className="size-4" />
                  </AppLink>
                  <a href="#showcase" onClick={scrollToShowcase} className={buttonClasses("secondary", "lg")}>
                    <Icon name="play" className="size-4" />
                    Watch Demo Videos
                  </a>
                </div>
                <ul className="mt-8 grid gap-3 text-sm text-slate-700 sm:grid-cols-3" aria-label="At a glance">
                  <li className="flex items-center gap-2">
                    <Icon name="clock" className="size-4 text-brand-600" />
                    {`Delivery ${LANDING_DELIVERY}`}
                  </li>
                  <li className="flex items-center gap-2">
                    <Icon name="rupee" className="size-4 text-brand-600" />
                    {`${price} per video`}
                  </li>
                  <li className="flex items-center gap-2">
                    <Icon name="phone-off" className="size-4 text-brand-600" />
                    No calls or waiting
                  </li>
                </ul>
              </div>

              {/* What goes in and what comes out (a diagram, not a sample video). */}
              <div className="relative mx-auto w-full max-w-md">
                <div className="rounded-3xl border border-slate-200 bg-white p-5 shadow-xl shadow-brand-500/10 sm:p-6">
                  <p className="text-sm font-semibold text-slate-500">You send</p>
                  <ul className="mt-3 grid grid-cols-2 gap-3">
                    {(
                      [
                        ["file", "Script or idea"],
                        ["upload", "Product image"],
                        ["mic", "A voice"],
                        ["sparkles", "A style"],
                      ] as const
                    ).map(([icon, label]) => (
                      <li
                        key={label}
                        className="flex items-center gap-2 rounded-xl border border-slate-200 bg-slate-50 px-3 py-3 text-sm font-medium text-slate-800"
                      >
                        <Icon name={icon} className="size-4 text-brand-600" />
                        {label}
                      </li>
                    ))}
                  </ul>
                  <div className="my-4 flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-slate-500" aria-hidden="true">
                    <span className="h-px flex-1 bg-slate-200" />
                    {LANDING_DELIVERY}
                    <span className="h-px flex-1 bg-slate-200" />
                  </div>
                  <p className="text-sm font-semibold text-slate-500">You get</p>
                  <div className="mt-3 flex items-center gap-4 rounded-2xl bg-gradient-to-br from-brand-600 to-violet-800 p-4 text-white">
                    <span className="flex h-20 w-12 shrink-0 items-center justify-center rounded-lg border border-white/30 bg-white/10">
                      <Icon name="play" className="size-5" />
                    </span>
                    <div>
                      <p className="font-semibold">A finished short video ad</p>
                      <p className="mt-1 text-sm text-white">{`Voice-over, script and music included, for ${price}.`}</p>
                    </div>
                  </div>
                </div>
              </div>
            </div>
          </section>

          {/* How it works */}
          <section id="how-it-works" aria-labelledby="how-heading" className="scroll-mt-20 py-16 sm:py-20">
            <div className="mx-auto max-w-6xl px-4 sm:px-6">
              <h2 id="how-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
                How It Works
              </h2>
              <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">Three steps from an idea to a video you can post.</p>
              <ol className="mt-12 grid gap-6 md:grid-cols-3">
                {STEPS.map((step, i) => (
                  <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                    <div className="flex items-center gap-3">
                      <span className="flex size-10 items-center justify-center rounded-full bg-brand-600 text-base font-bold text-white">{i + 1}</span>
                      <Icon name={step.icon} className="size-6 text-brand-600" />
                    </div>
                    <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
                    <p className="mt-2 text-slate-600">{step.text}</p>
                  </li>
                ))}
              </ol>
              <div className="mt-10 text-center">
                <AppLink to="/auth/signup" className={buttonClasses("primary", "lg")}>
                  <Icon name="upload" className="size-4" />
                  Upload & Order Now
                </AppLink>
              </div>
            </div>
          </section>

          {/* Benefits */}
          <section aria-labelledby="why-heading" className="bg-slate-50 py-16 sm:py-20">
            <div className="mx-auto max-w-6xl px-4 sm:px-6">
              <h2 id="why-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
                Why Brands Love It
              </h2>
              <ul className="mt-12 flex flex-wrap justify-center gap-5">
                {BENEFITS.map((b) => (
                  <li
                    key={b.title}
                    className="w-full rounded-2xl border border-slate-200 bg-white p-6 sm:w-[calc((100%-1.25rem)/2)] lg:w-[calc((100%-2.5rem)/3)]"
                  >
                    <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                      <Icon name={b.icon} />
                    </span>
                    <h3 className="mt-4 font-semibold text-slate-900">{b.title}</h3>
                    <p className="mt-1 text-sm leading-relaxed text-slate-600">{b.text}</p>
                  </li>
                ))}
              </ul>
            </div>
          </section>

          {/* Powered by */}
          <section aria-labelledby="powered-heading" className="py-16 sm:py-20">
            <div className="mx-auto max-w-6xl px-4 sm:px-6">
              <h2 id="powered-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
                Powered by
              </h2>
              <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">{poweredByIntro(models)}</p>
              <ul className="mt-12 flex flex-wrap justify-center gap-5">
                {providers.map((p) => (
                  <li
                    key={p.step}
                    data-step={p.step}
                    className="flex w-full gap-4 rounded-2xl border border-slate-200 bg-white p-6 md:w-[calc((100%-1.25rem)/2)] lg:w-[calc((100%-2.5rem)/3)]"
                  >
                    <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-slate-900 text-white">
                      <Icon name={p.icon} />
                    </span>
                    <div>
                      <h3 className="font-semibold text-slate-900">{p.kind}</h3>
                      <p className="mt-1 text-sm text-slate-600">{p.text}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          </section>
        </StaticMarkup>

        {/* Examples (the showcase "Watch Demo Videos" scrolls to) */}
        <section
          id="showcase"
          tabIndex={-1}
          aria-labelledby="showcase-heading"
          className="scroll-mt-20 bg-slate-900 py-16 text-white focus:outline-none sm:py-20"
        >
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 id="showcase-heading" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
              See What Others Have Created
            </h2>
            {showcase.length > 0 ? (
              <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {showcase.map((item) => (
                  <li key={item.id} className="overflow-hidden rounded-2xl bg-white/5 ring-1 ring-white/10">
                    <video
                      className="aspect-[9/16] w-full bg-black object-cover"
                      src={item.videoUrl}
                      poster={item.thumbnailUrl ?? undefined}
                      controls
                      playsInline
                      preload="metadata"
                      aria-label={item.title}
                    />
                    <div className="p-4">
                      {item.category ? <p className="text-xs font-medium uppercase tracking-wide text-brand-100">{item.category}</p> : null}
                      <h3 className="mt-1 font-semibold">{item.title}</h3>
                      {item.description ? <p className="mt-1 text-sm text-slate-300">{item.description}</p> : null}
                    </div>
                  </li>
                ))}
              </ul>
            ) : showcaseInProgress ? (
              <p className="mx-auto mt-6 max-w-xl text-center text-slate-300" role="status">
                The example videos are being made on this server right now. Reload this page in a minute or two to watch them.
              </p>
            ) : (
              <p className="mx-auto mt-6 max-w-xl text-center text-slate-300">
                No example videos have been published here yet. Sign up and make your own first video: it takes a script, a product image and a few minutes.
              </p>
            )}
          </div>
        </section>

        {/* Closing call to action */}
        <StaticMarkup cacheKey="landing:cta">
          <section aria-labelledby="cta-heading" className="py-16 sm:py-20">
            <div className="mx-auto max-w-4xl px-4 sm:px-6">
              <div className="rounded-3xl bg-gradient-to-br from-brand-600 to-violet-800 px-6 py-12 text-center text-white shadow-xl sm:px-12">
                <h2 id="cta-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
                  Your next ad is a script away
                </h2>
                <p className="mx-auto mt-3 max-w-xl text-white/85">{`${price} per video, delivered ${LANDING_DELIVERY}. No calls or waiting.`}</p>
                <AppLink to="/auth/signup" className={buttonClasses("light", "lg", "mt-8")}>
                  Get Started Now
                  <Icon name="arrow-right" className="size-4" />
                </AppLink>
              </div>
            </div>
          </section>
        </StaticMarkup>
      </main>
      <PublicFooter />
    </div>
  );
}
