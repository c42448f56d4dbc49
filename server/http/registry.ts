/**
 * The table of REST namespaces and their routes, compiled once. It answers "which endpoint
 * serves this path and method" and is the single source for the indexes and the OpenAPI document.
 */
import { compilePattern, type Endpoint, type Method, type RouteDef } from './route.js';

export interface CompiledRoute extends RouteDef {
  namespace: string;
  regex: RegExp;
}

export interface Match {
  namespace: string;
  /** The namespace named in the URL: an alias keeps its own name for links. */
  requestedNamespace: string;
  route: CompiledRoute;
  endpoint: Endpoint | undefined;
  pathParams: Record<string, string>;
}

export class Registry {
  private readonly routes = new Map<string, CompiledRoute[]>();
  private readonly aliases = new Map<string, string>();
  /** Namespaces and aliases, longest first; made once after the table changes, not per request. */
  private prefixes: string[] | undefined;

  add(namespace: string, defs: RouteDef[]): this {
    const list = this.routes.get(namespace) ?? [];
    for (const def of defs) list.push({ ...def, namespace, regex: compilePattern(def.path) });
    this.routes.set(namespace, list);
    this.prefixes = undefined;
    return this;
  }

  alias(alias: string, namespace: string): this {
    this.aliases.set(alias, namespace);
    this.prefixes = undefined;
    return this;
  }

  namespaces(): string[] {
    return [...this.routes.keys()];
  }

  aliasNames(): string[] {
    return [...this.aliases.keys()];
  }

  routesOf(namespace: string): CompiledRoute[] {
    return this.routes.get(this.aliases.get(namespace) ?? namespace) ?? [];
  }

  /** The namespace a REST path (`/calendar/events/v1/events/3`) falls in, and the rest of it. */
  private split(
    restPath: string,
  ): { requested: string; namespace: string; rest: string } | undefined {
    this.prefixes ??= [...this.routes.keys(), ...this.aliases.keys()].sort(
      (a, b) => b.length - a.length,
    );
    for (const requested of this.prefixes) {
      const prefix = `/${requested}`;
      if (restPath === prefix || restPath.startsWith(`${prefix}/`)) {
        return {
          requested,
          namespace: this.aliases.get(requested) ?? requested,
          rest: restPath.slice(prefix.length),
        };
      }
    }
    return undefined;
  }

  match(restPath: string, method: string): Match | undefined {
    const found = this.split(restPath);
    if (!found) return undefined;
    const wanted = (method === 'HEAD' ? 'GET' : method) as Method;
    for (const route of this.routes.get(found.namespace) ?? []) {
      const m = route.regex.exec(found.rest);
      if (!m) continue;
      return {
        namespace: found.namespace,
        requestedNamespace: found.requested,
        route,
        endpoint: route.endpoints.find((e) => e.methods.includes(wanted)),
        pathParams: { ...m.groups },
      };
    }
    return undefined;
  }
}
