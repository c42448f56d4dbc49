/**
 * PostgreSQL's triggers for the derived values (storage/derived.ts), generated from the
 * declaration: each a function (its body as pg_proc keeps it, so a test can compare them) and a
 * row trigger of the same name. PostgreSQL's WHEN cannot hold a subquery, so a link's condition
 * is in the body.
 */
import {
  DERIVED,
  groupSourceColumns,
  groupValue,
  type Derived,
  type GenerationDecl,
  type GroupCount,
  type LinkCount,
} from '../derived.js';

export interface PgDerivedTrigger {
  name: string;
  /** The function's body, between the dollar quotes. */
  body: string;
  /** CREATE TRIGGER without its name and function: timing, event, table, row, WHEN. */
  on: string;
}

function linkCount(d: LinkCount): PgDerivedTrigger[] {
  const { target: t, link: l, owner: o } = d;
  const n = `derived_${d.name}`;
  const move = (row: 'NEW' | 'OLD', by: '+' | '-') => `
BEGIN
  UPDATE ${t.table} SET ${t.column} = ${t.column} ${by} 1
  WHERE ${t.key} = ${row}.${l.target}
    AND (SELECT ${o.column} FROM ${o.table} WHERE ${o.key} = ${row}.${l.owner}) = '${o.value}';
  RETURN NULL;
END
`;
  return [
    { name: `${n}_link_insert`, body: move('NEW', '+'), on: `AFTER INSERT ON ${l.table}` },
    { name: `${n}_link_delete`, body: move('OLD', '-'), on: `AFTER DELETE ON ${l.table}` },
    {
      name: `${n}_owner_update`,
      body: `
BEGIN
  UPDATE ${t.table}
  SET ${t.column} = ${t.column} + CASE WHEN NEW.${o.column} = '${o.value}' THEN 1 ELSE -1 END
  WHERE ${t.key} IN (SELECT ${l.target} FROM ${l.table} WHERE ${l.owner} = NEW.${o.key});
  RETURN NULL;
END
`,
      on: `AFTER UPDATE OF ${o.column} ON ${o.table} FOR EACH ROW
WHEN ((OLD.${o.column} = '${o.value}') <> (NEW.${o.column} = '${o.value}'))`,
    },
    {
      name: `${n}_owner_delete`,
      body: `
BEGIN
  DELETE FROM ${l.table} WHERE ${l.owner} = OLD.${o.key};
  RETURN OLD;
END
`,
      on: `BEFORE DELETE ON ${o.table}`,
    },
  ];
}

function groupCount(d: GroupCount): PgDerivedTrigger[] {
  const n = `derived_${d.name}`;
  const { table, column } = d;
  const w = d.source.where;
  const keys = d.groups.map((g) => g.column).join(', ');
  const matches = d.groups.map((g) => `${g.column} = ${groupValue(g, 'OLD')}`).join(' AND ');
  const values = d.groups.map((g) => groupValue(g, 'NEW')).join(', ');
  const add = `
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.${w.column} = ${w.value} THEN
    INSERT INTO ${table} (${keys}, ${column}) VALUES (${values}, 1)
    ON CONFLICT (${keys}) DO UPDATE SET ${column} = ${table}.${column} + 1;
  END IF;`;
  const remove = `
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.${w.column} = ${w.value} THEN
    UPDATE ${table} SET ${column} = ${column} - 1 WHERE ${matches};
    DELETE FROM ${table} WHERE ${matches} AND ${column} <= 0;
  END IF;`;
  const body = `
BEGIN${remove}${add}
  RETURN NULL;
END
`;
  const watched = groupSourceColumns(d);
  // The events store rewrites every column on update, so the trigger checks what changed.
  const changed = watched.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');
  return [
    { name: `${n}_insert`, body, on: `AFTER INSERT ON ${d.source.table}` },
    { name: `${n}_delete`, body, on: `AFTER DELETE ON ${d.source.table}` },
    {
      name: `${n}_update`,
      body,
      on: `AFTER UPDATE OF ${watched.join(', ')} ON ${d.source.table} FOR EACH ROW
WHEN (${changed})`,
    },
  ];
}

function generation(d: GenerationDecl): PgDerivedTrigger[] {
  return [
    {
      name: `derived_${d.name}_update`,
      body: `
BEGIN
  INSERT INTO ${d.table} (${d.key}, ${d.column}) VALUES (NEW.${d.source.key}, 1)
  ON CONFLICT (${d.key}) DO UPDATE SET ${d.column} = ${d.table}.${d.column} + 1;
  RETURN NULL;
END
`,
      on: `AFTER UPDATE ON ${d.source.table}`,
    },
  ];
}

function triggersOf(d: Derived): PgDerivedTrigger[] {
  if (d.kind === 'link-count') return linkCount(d);
  if (d.kind === 'group-count') return groupCount(d);
  return generation(d);
}

export function pgDerivedTriggers(): PgDerivedTrigger[] {
  return DERIVED.flatMap(triggersOf);
}

/** The statements that install them (appended to migration 0026 by postgres/migrate.ts). */
export function pgDerivedStep(): string {
  return pgDerivedTriggers()
    .map(({ name, body, on }) => {
      const row = on.includes('FOR EACH ROW') ? on : `${on} FOR EACH ROW`;
      return (
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$${body}$$;\n` +
        `CREATE TRIGGER ${name} ${row}\nEXECUTE FUNCTION ${name}();\n`
      );
    })
    .join('');
}

/**
 * The statements that make each group count's rows from all of its source rows at once (a
 * calendar's copy, whose triggers are off while the rows go in): what the row triggers above
 * would have left, row by row.
 */
export function pgGroupCountRebuilds(): string[] {
  return DERIVED.filter((d): d is GroupCount => d.kind === 'group-count').map((d) => {
    const keys = d.groups.map((g) => g.column).join(', ');
    const values = d.groups
      .map((g) => (g.prefix === undefined ? g.from : `substr(${g.from}, 1, ${g.prefix})`))
      .join(', ');
    const w = d.source.where;
    return (
      `INSERT INTO ${d.table} (${keys}, ${d.column}) ` +
      `SELECT ${values}, count(*) FROM ${d.source.table} WHERE ${w.column} = ${w.value} ` +
      `GROUP BY ${d.groups.map((_, i) => i + 1).join(', ')}`
    );
  });
}
