/**
 * The table registry: every table of the `sense` schema that the API exposes and the console's
 * parameters area shows, with what each one offers. The API derives which tables and operations
 * it allows from this list; nothing else names tables.
 */

/** The parameters sidebar's groups (spec section 2). */
export const TABLE_GROUPS = ['location', 'device', 'threshold', 'user'] as const;
export type TableGroup = (typeof TABLE_GROUPS)[number];

/** The parameters area's sub-tabs (spec section 2): status lists, insert creates, update edits, massive bulk-creates. */
export const TABLE_OPERATIONS = ['status', 'insert', 'update', 'massive'] as const;
export type TableOperation = (typeof TABLE_OPERATIONS)[number];

export type SortDirection = 'asc' | 'desc';

export interface TableOrder {
  column: string;
  direction: SortDirection;
}

/**
 * A related row answered inside each row of a table (api.md: alerts embed their threshold and
 * reading, messages their contact and its user). `on` is the column both tables share.
 */
export interface TableEmbed {
  /** The key of the embedded value in the answer. */
  as: string;
  table: TableName;
  on: string;
  /**
   * Another column both rows share, matched too: alerta's `fecha` is its reading's, and on
   * PostgreSQL medicion is partitioned by it, so the lookup reads one month, not every one.
   */
  alsoOn?: string;
  /** One column's value instead of the whole row (alerta's `valor`). */
  column?: string;
  /** Only these columns of the embedded row (default: all but its hidden ones). */
  columns?: readonly string[];
  /** Embeds of the embedded row. */
  embeds?: readonly TableEmbed[];
}

export interface TableDefinition {
  name: TableName;
  /** The parameters sidebar's group; null for the tables the API reads but the sidebar does not list. */
  group: TableGroup | null;
  /** The console's sub-tabs, in the sidebar's order. Any operation but `status` lets the API write. */
  operations: readonly TableOperation[];
  /** Spec section 5: a form counts as changed when one of these holds a value. */
  identifyingFields: readonly string[];
  /** The primary key: `<table>id`, or the columns of a link table's composite key. */
  key: readonly string[];
  /** The text columns `search` matches (case-insensitive substring). */
  searchColumns: readonly string[];
  /** The order of lists when the request gives none. */
  orderBy: readonly TableOrder[];
  /** Columns never taken from a request body: identity, audit columns, secrets. */
  readOnlyColumns: readonly string[];
  /** Columns never answered (nor listed among the columns). */
  hiddenColumns: readonly string[];
  embeds: readonly TableEmbed[];
  /**
   * The columns that name a row to a person, joined by a space: what a foreign key to this table
   * shows instead of its id (the company's name, not `empresaid 3`) and what its select lists.
   * Empty for link tables, which have no name of their own.
   */
  labelColumns: readonly string[];
  /** What joins the label columns: a space, or ' - ' for a profile's "nivel - perfil" (spec: boss (level - profile)). */
  labelSeparator: string;
  /**
   * Further columns that name one row when a person types a label instead of an id (a massive
   * import's CSV, a select's search): a node's DevEUI, a metric's abbreviation. Matched like the
   * label, ignoring case and surrounding spaces.
   */
  lookupColumns: readonly string[];
  /** Per-column form metadata beyond what the database's catalogue says (input kind, reference, limit). */
  fields: Readonly<Record<string, FieldDefinition>>;
  /** The column naming this table's parent in the location hierarchy (empresa → paisid): selects cascade along it. */
  parent: { column: string; table: TableName } | null;
}

/**
 * How a form asks for a column. Most kinds follow from the catalogue's data type; the registry names
 * the ones a type cannot tell (a DevEUI is text, a coordinate is numeric, a password is not a column).
 */
export const FIELD_INPUTS = [
  'text',
  'longText',
  'integer',
  'number',
  'coordinate',
  'deveui',
  'email',
  'password',
  'boolean',
  'reference',
  'status',
  'datetime',
  'json',
  'timeZone',
] as const;
export type FieldInput = (typeof FIELD_INPUTS)[number];

export interface FieldDefinition {
  /** Overrides the kind the catalogue's data type suggests. */
  input?: FieldInput;
  /** The table a foreign-key column points at, where its name does not say (`jefeid` → perfil). */
  references?: TableName;
  /** The longest text accepted (spec section 5: abbreviations 2 for pais, 10 otherwise). */
  maxLength?: number;
}

/** Spec section 5: a country's abbreviation has up to 2 characters, every other one up to 10. */
export const ABBREVIATION_LIMITS = { pais: 2, default: 10 } as const;

/** Columns that hold a user id the API fills itself; shown by the user's name. */
const USER_COLUMNS = new Set(['usercreatedid', 'usermodifiedid']);

/** The audit columns of every reference table that the API fills itself (data-model.md). */
export const AUDIT_COLUMNS = ['usercreatedid', 'datecreated', 'usermodifiedid', 'datemodified'] as const;

const ALL_OPERATIONS: readonly TableOperation[] = ['status', 'insert', 'update', 'massive'];
const ALL_BUT_MASSIVE: readonly TableOperation[] = ['status', 'insert', 'update'];
const STATUS_ONLY: readonly TableOperation[] = ['status'];

type TableOptions = Partial<Omit<TableDefinition, 'name' | 'group' | 'operations' | 'key' | 'parent'>> & {
  parent?: { column: string; table: TableName };
  key?: readonly string[];
};

/** A reference table: identity key `<table>id` (unless a composite key is given) and audit columns. */
function table(
  name: TableName,
  group: TableGroup | null,
  operations: readonly TableOperation[],
  options: TableOptions = {},
): TableDefinition {
  const key = options.key ?? [`${name}id`];
  const identity = options.key ? [] : key;
  return {
    name,
    group,
    operations,
    identifyingFields: options.identifyingFields ?? [],
    key,
    searchColumns: options.searchColumns ?? [],
    orderBy: options.orderBy ?? key.map((column) => ({ column, direction: 'asc' as const })),
    readOnlyColumns: options.readOnlyColumns ?? [...identity, ...AUDIT_COLUMNS],
    hiddenColumns: options.hiddenColumns ?? [],
    embeds: options.embeds ?? [],
    labelColumns: options.labelColumns ?? [],
    labelSeparator: options.labelSeparator ?? ' ',
    lookupColumns: options.lookupColumns ?? [],
    fields: options.fields ?? {},
    parent: options.parent ?? null,
  };
}

const newestFirst = (idColumn: string): TableOrder[] => [
  { column: 'fecha', direction: 'desc' },
  { column: idColumn, direction: 'desc' },
];

/** Every table the API exposes: spec section 2's parameter tables, then the extra ones of api.md. */
export const TABLE_NAMES = [
  'pais',
  'empresa',
  'fundo',
  'ubicacion',
  'localizacion',
  'entidad',
  'tipo',
  'nodo',
  'sensor',
  'metricasensor',
  'metrica',
  'umbral',
  'perfilumbral',
  'audit_log_umbral',
  'criticidad',
  'contacto',
  'correo',
  'usuario',
  'usuarioperfil',
  'perfil',
  'medicion',
  'alerta',
  'mensaje',
  'medio',
  'status',
  'codigotelefono',
] as const;
export type TableName = (typeof TABLE_NAMES)[number];

/*
 * Identifying fields follow spec section 5. Where it names only the table (medicion, usuario,
 * perfil, criticidad, status, alerta, audit log), the table's own name column is meant; usuario has
 * none, so its login stands in, and alerta and audit_log_umbral (read-only, no form) use the
 * columns that say what the row is about.
 */
const DEFINITIONS: readonly TableDefinition[] = [
  table('pais', 'location', ALL_BUT_MASSIVE, {
    labelColumns: ['pais'],
    fields: { zonahoraria: { input: 'timeZone' } },
    identifyingFields: ['pais', 'paisabrev'],
    searchColumns: ['pais', 'paisabrev'],
    orderBy: [{ column: 'pais', direction: 'asc' }],
  }),
  table('empresa', 'location', ALL_BUT_MASSIVE, {
    labelColumns: ['empresa'],
    parent: { column: 'paisid', table: 'pais' },
    identifyingFields: ['empresa', 'empresaabrev'],
    searchColumns: ['empresa', 'empresaabrev'],
    orderBy: [{ column: 'empresa', direction: 'asc' }],
  }),
  table('fundo', 'location', ALL_BUT_MASSIVE, {
    labelColumns: ['fundo'],
    parent: { column: 'empresaid', table: 'empresa' },
    fields: { zonahoraria: { input: 'timeZone' } },
    identifyingFields: ['fundo', 'fundoabrev'],
    searchColumns: ['fundo', 'fundoabrev'],
    orderBy: [{ column: 'fundo', direction: 'asc' }],
  }),
  table('ubicacion', 'location', ALL_BUT_MASSIVE, {
    labelColumns: ['ubicacion'],
    lookupColumns: ['ubicacionabrev'],
    parent: { column: 'fundoid', table: 'fundo' },
    identifyingFields: ['ubicacion', 'ubicacionabrev'],
    searchColumns: ['ubicacion', 'ubicacionabrev'],
    orderBy: [{ column: 'ubicacion', direction: 'asc' }],
  }),
  table('localizacion', 'location', ALL_BUT_MASSIVE, {
    fields: { latitud: { input: 'coordinate' }, longitud: { input: 'coordinate' } },
    key: ['entidadid', 'ubicacionid', 'nodoid'],
    identifyingFields: ['entidadid', 'ubicacionid', 'nodoid'],
    searchColumns: ['referencia'],
  }),
  table('entidad', 'location', ALL_BUT_MASSIVE, {
    labelColumns: ['entidad'],
    lookupColumns: ['entidadabrev'],
    identifyingFields: ['entidad', 'entidadabrev'],
    searchColumns: ['entidad', 'entidadabrev'],
    orderBy: [{ column: 'entidad', direction: 'asc' }],
  }),
  table('tipo', 'device', ALL_BUT_MASSIVE, {
    labelColumns: ['tipo'],
    identifyingFields: ['entidadid', 'tipo'],
    searchColumns: ['tipo'],
    orderBy: [{ column: 'tipo', direction: 'asc' }],
  }),
  table('nodo', 'device', ALL_BUT_MASSIVE, {
    labelColumns: ['nodo'],
    lookupColumns: ['deveui', 'nodoabrev'],
    fields: { deveui: { input: 'deveui' } },
    identifyingFields: ['nodo', 'nodoabrev'],
    searchColumns: ['nodo', 'nodoabrev', 'deveui'],
    orderBy: [{ column: 'nodo', direction: 'asc' }],
  }),
  table('sensor', 'device', ALL_OPERATIONS, {
    key: ['nodoid', 'tipoid'],
    identifyingFields: ['nodoid', 'tipoid'],
  }),
  table('metricasensor', 'device', ALL_OPERATIONS, {
    key: ['nodoid', 'metricaid', 'tipoid'],
    identifyingFields: ['nodoid', 'metricaid', 'tipoid'],
  }),
  table('metrica', 'device', ALL_BUT_MASSIVE, {
    labelColumns: ['metrica'],
    lookupColumns: ['metricaabrev'],
    identifyingFields: ['metrica', 'metricaabrev'],
    searchColumns: ['metrica', 'metricaabrev', 'unidad'],
    orderBy: [{ column: 'metrica', direction: 'asc' }],
  }),
  table('umbral', 'threshold', ALL_OPERATIONS, {
    labelColumns: ['umbral'],
    identifyingFields: ['ubicacionid', 'criticidadid', 'nodoid', 'metricaid', 'tipoid'],
    searchColumns: ['umbral'],
  }),
  table('perfilumbral', 'threshold', ALL_BUT_MASSIVE, {
    key: ['perfilid', 'umbralid'],
    identifyingFields: ['perfilid', 'umbralid'],
  }),
  // Written only by the database's trigger on umbral: read-only here, and it has no audit columns.
  table('audit_log_umbral', 'threshold', STATUS_ONLY, {
    key: ['auditlogumbralid'],
    identifyingFields: ['umbralid', 'accion'],
    searchColumns: ['accion'],
    orderBy: newestFirst('auditlogumbralid'),
    readOnlyColumns: ['auditlogumbralid'],
  }),
  table('criticidad', 'threshold', ALL_BUT_MASSIVE, {
    labelColumns: ['criticidad'],
    lookupColumns: ['criticidadabrev'],
    identifyingFields: ['criticidad'],
    searchColumns: ['criticidad', 'criticidadabrev'],
    orderBy: [{ column: 'grado', direction: 'asc' }],
  }),
  table('contacto', 'user', ALL_BUT_MASSIVE, {
    labelColumns: ['correo', 'celular'],
    fields: { correo: { input: 'email' } },
    identifyingFields: ['usuarioid', 'medioid', 'celular', 'correo'],
    searchColumns: ['celular', 'correo'],
  }),
  table('correo', 'user', ['status', 'update'], {
    labelColumns: ['correo'],
    fields: { correo: { input: 'email' } },
    identifyingFields: ['correo'],
    searchColumns: ['correo'],
    orderBy: [{ column: 'correo', direction: 'asc' }],
  }),
  table('usuario', 'user', ALL_BUT_MASSIVE, {
    labelColumns: ['firstname', 'lastname'],
    fields: { login: { input: 'email' }, password: { input: 'password' }, rol: { input: 'text' } },
    identifyingFields: ['login'],
    searchColumns: ['login', 'firstname', 'lastname', 'usuarioabrev'],
    orderBy: [{ column: 'login', direction: 'asc' }],
    readOnlyColumns: ['usuarioid', ...AUDIT_COLUMNS, 'password_hash'],
    hiddenColumns: ['password_hash'],
  }),
  table('usuarioperfil', 'user', ALL_BUT_MASSIVE, {
    key: ['usuarioid', 'perfilid'],
    identifyingFields: ['usuarioid', 'perfilid'],
  }),
  // A profile is named with its level, so the boss select reads "1 - Jefe de Fundo Perú"; its
  // name alone still finds it (an import's CSV, a search).
  table('perfil', 'user', ALL_BUT_MASSIVE, {
    labelColumns: ['nivel', 'perfil'],
    labelSeparator: ' - ',
    lookupColumns: ['perfil', 'perfilabrev'],
    fields: { jefeid: { references: 'perfil' } },
    identifyingFields: ['perfil'],
    searchColumns: ['perfil', 'perfilabrev'],
    orderBy: [
      { column: 'nivel', direction: 'asc' },
      { column: 'perfil', direction: 'asc' },
    ],
  }),
  // Readings, alerts and messages are written by the data pipeline, never through the console.
  table('medicion', null, STATUS_ONLY, {
    labelColumns: ['medicion'],
    identifyingFields: ['medicion'],
    searchColumns: ['medicionabrev'],
    orderBy: newestFirst('medicionid'),
    readOnlyColumns: ['medicionid'],
  }),
  table('alerta', null, STATUS_ONLY, {
    identifyingFields: ['umbralid', 'medicionid'],
    orderBy: newestFirst('alertaid'),
    readOnlyColumns: ['alertaid', 'datecreated'],
    embeds: [
      { as: 'umbral', table: 'umbral', on: 'umbralid' },
      { as: 'medicion', table: 'medicion', on: 'medicionid', alsoOn: 'fecha' },
      { as: 'valor', table: 'medicion', on: 'medicionid', alsoOn: 'fecha', column: 'medicion' },
    ],
  }),
  table('mensaje', null, STATUS_ONLY, {
    labelColumns: ['mensaje'],
    identifyingFields: ['mensaje'],
    searchColumns: ['mensaje'],
    orderBy: newestFirst('mensajeid'),
    readOnlyColumns: ['mensajeid', 'datecreated'],
    embeds: [
      {
        as: 'contacto',
        table: 'contacto',
        on: 'contactoid',
        embeds: [{ as: 'usuario', table: 'usuario', on: 'usuarioid', columns: ['usuarioid', 'firstname', 'lastname', 'login'] }],
      },
    ],
  }),
  table('medio', null, ALL_BUT_MASSIVE, {
    labelColumns: ['nombre'],
    identifyingFields: ['nombre'],
    searchColumns: ['nombre'],
    orderBy: [{ column: 'nombre', direction: 'asc' }],
  }),
  // Reference labels for the status values: fixed rows, keyed by the value itself (not identity).
  table('status', null, STATUS_ONLY, {
    labelColumns: ['status'],
    key: ['statusid'],
    identifyingFields: ['status'],
    searchColumns: ['status', 'statusabrev'],
    readOnlyColumns: [...AUDIT_COLUMNS],
  }),
  table('codigotelefono', null, ALL_BUT_MASSIVE, {
    labelColumns: ['codigotelefono', 'paistelefono'],
    identifyingFields: ['codigotelefono', 'paistelefono'],
    searchColumns: ['codigotelefono', 'paistelefono'],
    orderBy: [{ column: 'codigotelefono', direction: 'asc' }],
  }),
];

const BY_NAME: ReadonlyMap<string, TableDefinition> = new Map(DEFINITIONS.map((definition) => [definition.name, definition]));

/** Every registered table, in TABLE_NAMES order. */
export const TABLE_REGISTRY: readonly TableDefinition[] = TABLE_NAMES.map((name) => BY_NAME.get(name)!);

/** Whether `name` (from a URL, say) is a registered table; exact and case-sensitive. */
export function isTableName(name: string): name is TableName {
  return BY_NAME.has(name);
}

/** The registry entry of `name`, or undefined for anything that is not a registered table. */
export function findTable(name: string): TableDefinition | undefined {
  return BY_NAME.get(name);
}

export function tableDefinition(name: TableName): TableDefinition {
  return BY_NAME.get(name)!;
}

/** The tables of one sidebar group, in the sidebar's order. */
export function tablesInGroup(group: TableGroup): TableDefinition[] {
  return TABLE_REGISTRY.filter((definition) => definition.group === group);
}

/** Whether the API accepts POST, PUT and DELETE on the table: it offers some operation beyond status. */
export function isWritableTable(definition: TableDefinition): boolean {
  return definition.operations.some((operation) => operation !== 'status');
}

/** Whether the table's key is a composite key (updates go through `PUT /{table}/composite`). */
export function hasCompositeKey(definition: TableDefinition): boolean {
  return definition.key.length > 1;
}

/**
 * The table a column's value points at: the registry's word where it has one (`jefeid` → perfil),
 * the audit user columns → usuario, else `<table>id` of another registered table. The table's own
 * key is not a reference.
 */
export function referencedTable(definition: TableDefinition, column: string): TableName | undefined {
  const explicit = definition.fields[column]?.references;
  if (explicit) return explicit;
  if (USER_COLUMNS.has(column)) return 'usuario';
  if (!column.endsWith('id') || column === `${definition.name}id`) return undefined;
  const name = column.slice(0, -2);
  return isTableName(name) && name !== definition.name ? name : undefined;
}

/** The longest text a column accepts, where the spec fixes one (abbreviations). */
export function fieldMaxLength(definition: TableDefinition, column: string): number | undefined {
  const explicit = definition.fields[column]?.maxLength;
  if (explicit !== undefined) return explicit;
  if (!column.endsWith('abrev')) return undefined;
  return definition.name === 'pais' ? ABBREVIATION_LIMITS.pais : ABBREVIATION_LIMITS.default;
}

/** The chain of parents above a table in the location hierarchy, top first (ubicacion → pais, empresa, fundo). */
export function ancestorsOf(name: TableName): TableName[] {
  const chain: TableName[] = [];
  let parent = tableDefinition(name).parent;
  while (parent) {
    chain.unshift(parent.table);
    parent = tableDefinition(parent.table).parent;
  }
  return chain;
}

/** The words that name `row` to a person: its label columns that hold a value, joined by the table's separator. */
export function rowLabel(definition: TableDefinition, row: Readonly<Record<string, unknown>>): string {
  return definition.labelColumns
    .map((column) => row[column])
    .filter((value) => value !== null && value !== undefined && value !== '')
    .map(String)
    .join(definition.labelSeparator);
}

/**
 * The columns a typed label is matched against, besides the label itself (the label columns
 * joined by a space): the registry's `lookupColumns`.
 */
export function labelLookupColumns(definition: TableDefinition): readonly string[] {
  return definition.lookupColumns;
}
