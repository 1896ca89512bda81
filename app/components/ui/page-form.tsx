// A form that posts to its page's action: a plain form before React has hydrated (the server's
// render, which may be kept as markup, docs/decisions/407-kept-scene-cards.md), a fetcher's form
// after. Components draw their forms through a PageForm so that one markup serves both.
import { Form, useFetcher } from "@remix-run/react";
import type { FormEventHandler, ReactNode } from "react";

export type PageFormProps = {
  method: "post";
  encType?: "multipart/form-data";
  className?: string;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** A fetcher's form keeps the scroll position; a plain post reloads the page anyway. */
  preventScrollReset?: boolean;
  children: ReactNode;
};

export type PageForm<T> = {
  Form: (props: PageFormProps) => ReactNode;
  state: "idle" | "loading" | "submitting";
  data: T | undefined;
};

/** A plain post to `action`, idle and answerless: what the server draws and the browser hydrates. */
export function plainForm<T>(action: string): PageForm<T> {
  return {
    Form: ({ method, encType, className, children }: PageFormProps) => (
      <form method={method} action={action} encType={encType} className={className}>
        {children}
      </form>
    ),
    state: "idle",
    data: undefined,
  };
}

/** A fetcher's form (to the current route's action, which is the `action` plainForm was given). */
export function useFetcherForm<T>(): PageForm<T> {
  const fetcher = useFetcher<T>();
  return { Form: fetcher.Form, state: fetcher.state, data: fetcher.data as T | undefined };
}

/** A navigation form (Remix's Form): its answer comes back as the page's action data. */
export const routePageForm: PageForm<never> = { Form: (props: PageFormProps) => <Form {...props} />, state: "idle", data: undefined };
