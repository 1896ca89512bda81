// Frame of the sign-in and sign-up pages: the form card, and beside it (below on phones) the
// spot where the showcase carousel goes (data-slot="auth-showcase", filled by a later issue).
import { Link } from "@remix-run/react";

export function AuthLayout({
  title,
  subtitle,
  children,
  showcase,
}: {
  title: string;
  subtitle?: string;
  children: React.ReactNode;
  showcase?: React.ReactNode;
}) {
  return (
    <div className="flex min-h-full flex-col bg-gradient-to-br from-brand-50 via-white to-violet-50">
      <main className="mx-auto grid w-full max-w-6xl flex-1 gap-8 px-4 py-8 sm:px-6 lg:grid-cols-2 lg:items-center lg:gap-12 lg:py-12">
        <section aria-labelledby="auth-title" className="mx-auto w-full max-w-md">
          <Link to="/" className="mb-6 inline-flex items-center gap-2 text-lg font-semibold text-brand-700">
            <span aria-hidden="true" className="grid size-8 place-items-center rounded-lg bg-brand-600 text-sm text-white">
              R
            </span>
            Reelforge
          </Link>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h1 id="auth-title" className="text-2xl font-semibold tracking-tight text-slate-900">
              {title}
            </h1>
            {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
            <div className="mt-6 space-y-5">{children}</div>
          </div>
          <p className="mt-6 text-center text-sm">
            <Link to="/" className="font-medium text-slate-600 underline-offset-4 hover:text-slate-900 hover:underline">
              Back to home
            </Link>
          </p>
        </section>
        <div data-slot="auth-showcase" className="w-full min-w-0">
          {showcase}
        </div>
      </main>
    </div>
  );
}

export function Divider({ label = "or" }: { label?: string }) {
  return (
    <div className="flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-slate-500" role="separator">
      <span className="h-px flex-1 bg-slate-200" />
      {label}
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
