import type { TableName } from '@camposense/domain';
import {
  AtSign,
  BellRing,
  Building2,
  Cable,
  Contact,
  Flag,
  Gauge,
  History,
  IdCard,
  Leaf,
  LocateFixed,
  MapPin,
  RadioTower,
  Ruler,
  Siren,
  Table2,
  Tag,
  Thermometer,
  Tractor,
  User,
  UserCog,
  type LucideIcon,
} from 'lucide-react';

/**
 * One picture per table of the parameters sidebar, so the collapsed rail is read at a glance
 * instead of twenty identical grids. Tables the sidebar does not list fall back to a grid.
 */
export const TABLE_ICONS: Partial<Record<TableName, LucideIcon>> = {
  pais: Flag,
  empresa: Building2,
  fundo: Tractor,
  ubicacion: MapPin,
  localizacion: LocateFixed,
  entidad: Leaf,
  tipo: Tag,
  nodo: RadioTower,
  sensor: Thermometer,
  metricasensor: Cable,
  metrica: Ruler,
  umbral: Gauge,
  perfilumbral: BellRing,
  audit_log_umbral: History,
  criticidad: Siren,
  contacto: Contact,
  correo: AtSign,
  usuario: User,
  usuarioperfil: UserCog,
  perfil: IdCard,
};

export interface TableIconProps {
  /** The registry's table name (`pais`, `metricasensor`). */
  table: TableName;
  /** Pixels, as lucide's `size`. @default 18 */
  size?: number;
}

/** A table's icon; decorative, since the sidebar item carries the table's name. */
export function TableIcon({ table, size = 18 }: TableIconProps) {
  const Icon = TABLE_ICONS[table] ?? Table2;
  return <Icon size={size} aria-hidden />;
}
