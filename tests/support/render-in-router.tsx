// Renders a component as the page at `url` would, inside a static data router: the components
// that use Remix's forms, fetchers, links or location need one.
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";

export async function renderInRouter(element: React.ReactElement, { path = "/", url = "/" }: { path?: string; url?: string } = {}): Promise<string> {
  const handler = createStaticHandler([{ path, element }]);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return renderToStaticMarkup(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />);
}
