// Where `npm run bench:data` leaves a catalogue and how a benchmark run finds it again.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export type DatasetKind = 'pglite' | 'postgres';

/** What the generator tells the scenarios about the catalogue it wrote. */
export interface Manifest {
  dataset: string;
  database: DatasetKind;
  /** PGlite: the data directory (relative to the repository); PostgreSQL: the database name. */
  location: string;
  count: number;
  cities: number;
  generatedAt: string;
  /** A public listing with room types, media, commodities and pricing rules. */
  detailId: number;
  search: { near: string; radius_km: number; checkin_date: string; checkout_date: string; guests: number };
}

export const datasetName = (count: number) => `catalog-${count}`;
/** Under data/ (git-ignored), beside the default DATA_DIR's own files. */
export const pgliteDatasetDir = (root: string, count: number) => path.join(root, 'data', 'bench', datasetName(count));
export const manifestPath = (root: string, count: number, kind: DatasetKind) =>
  path.join(root, 'data', 'bench', `${datasetName(count)}.${kind}.json`);

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The manifest of a generated catalogue, or null when it has not been generated for this database kind. */
export async function loadManifest(root: string, count: number, kind: DatasetKind): Promise<Manifest | null> {
  try {
    return JSON.parse(await readFile(manifestPath(root, count, kind), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}
