import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/Button";
import { Icon, type IconName } from "~/components/ui/Icon";

/**
 * An honest placeholder for a screen a later piece of work builds: it says what will be
 * here, and shows no made-up data.
 */
export function ComingSoon({
  title,
  icon = "sparkles",
  children,
  points,
  back = { to: "/", label: "Back to Dashboard" },
}: {
  title: string;
  icon?: IconName;
  children: React.ReactNode;
  points?: string[];
  back?: { to: string; label: string } | null;
}) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 md:py-12">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <section className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-6 sm:p-8" aria-label="Status">
        <div className="flex flex-col items-start gap-4 sm:flex-row">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
            <Icon name={icon} className="size-6" />
          </span>
          <div className="min-w-0 space-y-3 text-slate-700">
            <div className="space-y-2 leading-relaxed">{children}</div>
            {points && points.length > 0 ? (
              <ul className="list-disc space-y-1 pl-5 text-sm text-slate-600">
                {points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      </section>
      {back ? (
        <Link to={back.to} className={buttonClasses("secondary", "md", "mt-6")}>
          {back.label}
        </Link>
      ) : null}
    </div>
  );
}
