/**
 * SQLite's triggers for the derived values (storage/derived.ts), generated from the declaration.
 * Each is given by name with its text as sqlite_master keeps it, so a test can compare them.
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

type Triggers = Array<[name: string, sql: string]>;

function linkCount(d: LinkCount): Triggers {
  const { target: t, link: l, owner: o } = d;
  const counted = (row: 'NEW' | 'OLD') =>
    `(SELECT ${o.column} FROM ${o.table} WHERE ${o.key} = ${row}.${l.owner}) = '${o.value}'`;
  const n = `derived_${d.name}`;
  return [
    [
      `${n}_link_insert`,
      `CREATE TRIGGER ${n}_link_insert AFTER INSERT ON ${l.table}
WHEN ${counted('NEW')}
BEGIN
  UPDATE ${t.table} SET ${t.column} = ${t.column} + 1 WHERE ${t.key} = NEW.${l.target};
END`,
    ],
    [
      `${n}_link_delete`,
      `CREATE TRIGGER ${n}_link_delete AFTER DELETE ON ${l.table}
WHEN ${counted('OLD')}
BEGIN
  UPDATE ${t.table} SET ${t.column} = ${t.column} - 1 WHERE ${t.key} = OLD.${l.target};
END`,
    ],
    [
      `${n}_owner_update`,
      `CREATE TRIGGER ${n}_owner_update AFTER UPDATE OF ${o.column} ON ${o.table}
WHEN (OLD.${o.column} = '${o.value}') <> (NEW.${o.column} = '${o.value}')
BEGIN
  UPDATE ${t.table}
  SET ${t.column} = ${t.column} + CASE WHEN NEW.${o.column} = '${o.value}' THEN 1 ELSE -1 END
  WHERE ${t.key} IN (SELECT ${l.target} FROM ${l.table} WHERE ${l.owner} = NEW.${o.key});
END`,
    ],
    [
      `${n}_owner_delete`,
      `CREATE TRIGGER ${n}_owner_delete BEFORE DELETE ON ${o.table}
BEGIN
  DELETE FROM ${l.table} WHERE ${l.owner} = OLD.${o.key};
END`,
    ],
  ];
}

function groupCount(d: GroupCount): Triggers {
  const n = `derived_${d.name}`;
  const { table, column } = d;
  const w = d.source.where;
  const keys = d.groups.map((g) => g.column).join(', ');
  const matches = (row: 'OLD') =>
    d.groups.map((g) => `${g.column} = ${groupValue(g, row)}`).join(' AND ');
  const values = (row: 'NEW') => d.groups.map((g) => groupValue(g, row)).join(', ');
  const add = `INSERT INTO ${table} (${keys}, ${column})
  SELECT ${values('NEW')}, 1 WHERE NEW.${w.column} = ${w.value}
  ON CONFLICT (${keys}) DO UPDATE SET ${column} = ${column} + 1;`;
  const remove = `UPDATE ${table} SET ${column} = ${column} - 1
  WHERE OLD.${w.column} = ${w.value} AND ${matches('OLD')};
  DELETE FROM ${table}
  WHERE OLD.${w.column} = ${w.value} AND ${matches('OLD')} AND ${column} <= 0;`;
  const watched = groupSourceColumns(d);
  // The events store rewrites every column on update, so the trigger checks what changed.
  const changed = watched.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ');
  return [
    [
      `${n}_insert`,
      `CREATE TRIGGER ${n}_insert AFTER INSERT ON ${d.source.table}\nBEGIN\n  ${add}\nEND`,
    ],
    [
      `${n}_delete`,
      `CREATE TRIGGER ${n}_delete AFTER DELETE ON ${d.source.table}\nBEGIN\n  ${remove}\nEND`,
    ],
    [
      `${n}_update`,
      `CREATE TRIGGER ${n}_update AFTER UPDATE OF ${watched.join(', ')} ON ${d.source.table}
WHEN ${changed}
BEGIN
  ${remove}
  ${add}
END`,
    ],
  ];
}

function generation(d: GenerationDecl): Triggers {
  const n = `derived_${d.name}`;
  return [
    [
      `${n}_update`,
      `CREATE TRIGGER ${n}_update AFTER UPDATE ON ${d.source.table}
BEGIN
  INSERT INTO ${d.table} (${d.key}, ${d.column}) VALUES (NEW.${d.source.key}, 1)
  ON CONFLICT (${d.key}) DO UPDATE SET ${d.column} = ${d.column} + 1;
END`,
    ],
  ];
}

function triggersOf(d: Derived): Triggers {
  if (d.kind === 'link-count') return linkCount(d);
  if (d.kind === 'group-count') return groupCount(d);
  return generation(d);
}

/** Every derived value's triggers, by name. */
export function sqliteDerivedTriggers(): Map<string, string> {
  return new Map(DERIVED.flatMap(triggersOf));
}

/** The statements that install them (appended to migration 0026 by db/migrate.ts). */
export function sqliteDerivedStep(): string {
  return [...sqliteDerivedTriggers().values()].map((sql) => `${sql};\n`).join('');
}
