import type { Database } from '@catalogue/db';
import type { SearchEngine } from '../engine/engine';

/** What the admin use cases work with: the database (source of truth) and this instance's engine. */
export interface AdminDeps {
  database: Database;
  engine: SearchEngine;
}
