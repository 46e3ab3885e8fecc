import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

/**
 * Drizzle maps each row of a select generically: for every column of every row it asks what kind of
 * field it is, walks the field's path with an iterator and looks the table's name up again. For the hot
 * reads (a transaction's record: about 55 columns with its parties and invitation) that was about a tenth
 * of the request's CPU on PostgreSQL. `withCompiledRowMapper` works out once, per prepared statement,
 * where each column goes and how it is decoded, and maps rows from that plan: the same objects drizzle
 * builds (compiled-row-mapper.test.ts compares them on both engines, with and without the joined rows).
 *
 * It reads the prepared query's field list and join nullability, and sets its result mapper: fields that
 * drizzle 0.45 keeps internal. `withCompiledRowMapper` refuses a prepared query without them, and the
 * test fails if the mapper is not the one used, so a drizzle release that changes them fails there.
 */
type Decoder = { mapFromDriverValue: (value: unknown) => unknown };
type OrderedField = { path: string[]; field: unknown };
type PreparedInternals = {
  fields?: OrderedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
};

/** drizzle's choice of decoder for a selected field (drizzle-orm/utils.js `mapResultRow`). */
function decoderOf(field: unknown): Decoder {
  // SQL's decoder is internal to drizzle's types (it is what `.mapWith()` sets).
  const decoder = (sql: unknown) => (sql as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field as unknown as Decoder;
  if (is(field, SQL)) return decoder(field);
  if (is(field, Subquery)) return decoder(field._.sql);
  return decoder((field as { sql: unknown }).sql);
}

type Slot = { index: number; group: number; key: string; decoder: Decoder };

/** The row mapper for `fields` (ordered as drizzle orders them) and the select's join nullability. */
export function compileRowMapper(
  fields: readonly OrderedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): (rows: unknown[][]) => Record<string, unknown>[] {
  const groups: string[] = [];
  /** The result's own keys in drizzle's order (first appearance): a value's slot or a group's number. */
  const layout: (Slot | number)[] = [];
  const nested: Slot[] = [];
  /** Per group: the column that decides whether a left-joined table's object is null, as drizzle does. */
  const nullable = new Map<number, number>();
  const groupTables = new Map<number, string | false>();
  fields.forEach(({ path, field }, index) => {
    if (path.length > 2)
      throw new Error(`compileRowMapper: a field nested deeper than two (${path.join('.')})`);
    const decoder = decoderOf(field);
    if (path.length === 1) {
      layout.push({ index, group: -1, key: path[0]!, decoder });
      return;
    }
    let group = groups.indexOf(path[0]!);
    if (group === -1) layout.push((group = groups.push(path[0]!) - 1));
    nested.push({ index, group, key: path[1]!, decoder });
    if (!joinsNotNullableMap || !is(field, Column)) return;
    // drizzle decides on the group's first column, and keeps the group only if all its columns
    // come from that column's table.
    const table = getTableName(field.table);
    if (!groupTables.has(group)) {
      groupTables.set(group, table);
      nullable.set(group, index);
    } else if (groupTables.get(group) !== table) groupTables.set(group, false);
  });
  const nullIfMissing = [...nullable].flatMap(([group, index]) => {
    const table = groupTables.get(group);
    return typeof table === 'string' && !joinsNotNullableMap?.[table] ? [{ group, index }] : [];
  });
  const decode = (slot: Slot, row: unknown[]) => {
    const value = row[slot.index];
    return value === null ? null : slot.decoder.mapFromDriverValue(value);
  };
  return (rows) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {};
      const objects: Record<string, unknown>[] = [];
      for (const entry of layout)
        if (typeof entry === 'number') result[groups[entry]!] = objects[entry] = {};
        else result[entry.key] = decode(entry, row);
      for (const slot of nested) objects[slot.group]![slot.key] = decode(slot, row);
      for (const { group, index } of nullIfMissing) if (row[index] === null) result[groups[group]!] = null;
      return result;
    });
}

/** Maps the prepared select's rows with a compiled mapper (see above); returns the same query. */
export function withCompiledRowMapper<Prepared extends object>(prepared: Prepared): Prepared {
  const internals = prepared as PreparedInternals;
  if (
    !Array.isArray(internals.fields) ||
    !('customResultMapper' in internals) ||
    internals.customResultMapper
  )
    throw new Error('withCompiledRowMapper: not a drizzle 0.45 prepared select (fields, customResultMapper)');
  internals.customResultMapper = compileRowMapper(internals.fields, internals.joinsNotNullableMap);
  return prepared;
}
