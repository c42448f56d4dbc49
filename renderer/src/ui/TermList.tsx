import type { ReactNode } from 'react';

/** Names and their values as a `<dl>`, each pair in a `<div>` so the styles can lay pairs out. */
export function TermList({
  className,
  items,
}: {
  className: string;
  items: ReadonlyArray<readonly [string, ReactNode]>;
}) {
  return (
    <dl className={className}>
      {items.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
