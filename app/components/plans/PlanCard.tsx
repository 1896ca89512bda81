import { AppLink } from "~/components/ui/AppLink";
import { buttonClasses } from "~/components/ui/Button";
import { Icon } from "~/components/ui/Icon";
import { discountedPrice, formatINR } from "~/models/billing/pricing";
import type { AppliedCode, PlanCardData } from "./types";

export function paymentHref(planName: string, applied: AppliedCode | null): string {
  const q = new URLSearchParams({ plan: planName });
  if (applied) q.set("code", applied.code);
  return `/payment?${q.toString()}`;
}

export function PlanCard({ plan, applied, featured }: { plan: PlanCardData; applied: AppliedCode | null; featured?: boolean }) {
  const price = applied ? discountedPrice(plan.price, applied.percentage) : plan.price;
  const headingId = `plan-${plan.name}-name`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid={`plan-card-${plan.name}`}
      className={
        featured
          ? "flex flex-col rounded-2xl border-2 border-brand-500 bg-white p-6 shadow-md"
          : "flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      }
    >
      <h2 id={headingId} className="text-lg font-bold tracking-wide text-slate-900">
        {plan.name}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{plan.credits} credits</p>
      <p className="mt-4 flex flex-wrap items-baseline gap-2">
        {applied ? (
          <s className="text-lg text-slate-500" data-testid="original-price">
            <span className="sr-only">Original price </span>
            {formatINR(plan.price)}
          </s>
        ) : null}
        <span className="text-3xl font-extrabold text-slate-900" data-testid="price">
          {applied ? <span className="sr-only">Discounted price </span> : null}
          {formatINR(price)}
        </span>
      </p>
      <p className="mt-1 text-sm text-slate-500">{plan.billing}</p>
      <p className="mt-5 text-sm font-medium text-slate-700">This includes:</p>
      <ul className="mt-2 flex-1 space-y-2 text-sm text-slate-700">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Icon name="check" className="size-4 text-green-600" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <AppLink to={paymentHref(plan.name, applied)} className={buttonClasses("primary", "lg", "mt-6 w-full")} aria-describedby={headingId}>
        Buy Now
      </AppLink>
    </article>
  );
}
