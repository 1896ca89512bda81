import { PublicFooter } from "./PublicFooter";
import { PublicHeader } from "./PublicHeader";
import { SkipLink } from "~/components/shell/SkipLink";

/** Header, <main> and footer for pages seen without the signed-in navigation shell. */
export function PublicLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <PublicHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
