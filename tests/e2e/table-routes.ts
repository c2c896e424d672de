// Every page of the route table (src/app/route-table.ts) as an address to visit, so browser tests
// that walk every screen pick up a new page without being edited.
import { ROUTES } from '../../src/app/route-table';

/** Each route's address; a pattern with an `:id` takes the example id given for it (a new one must be given one). */
export function tableRoutes(exampleIds: Record<string, string>): string[] {
  return ROUTES.map((route) => {
    if (!route.path.includes(':')) return route.path;
    const id = exampleIds[route.path];
    if (!id) throw new Error(`No example id for ${route.path}: add one where tableRoutes is called`);
    return route.path.replace(':id', encodeURIComponent(id));
  });
}
