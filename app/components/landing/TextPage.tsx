import { PublicLayout } from "./PublicLayout";

/** A page of plain text (legal pages, About, Contact) inside the public header and footer. */
export function TextPage({ title, intro, effective, children }: { title: string; intro?: React.ReactNode; effective?: string; children: React.ReactNode }) {
  return (
    <PublicLayout>
      <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <header className="border-b border-slate-200 pb-6">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          {effective ? <p className="mt-2 text-sm text-slate-500">Effective: {effective}</p> : null}
          {intro ? <div className="mt-4 text-lg leading-relaxed text-slate-600">{intro}</div> : null}
        </header>
        <div className="text-slate-700 leading-relaxed [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:mt-1.5 [&_p]:mt-4 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
          {children}
        </div>
      </article>
    </PublicLayout>
  );
}
