import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.ts';
import type { PGlite } from '@electric-sql/pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory, dumped to this file once per run: each test file's database loads it. */
    pgliteTemplateFile: string;
    /** A migrated PostgreSQL database on the TEST_DATABASE_URL server: each test file's database is created from it. */
    postgresTemplate: string;
  }
}

/** Migrates one PGlite in memory and dumps its data directory: loading it is a copy, not initdb and 14 migrations. */
async function makePgliteTemplate(dir: string): Promise<string> {
  const database = await openDatabase({ kind: 'pglite' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(dir, 'pglite-template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Creates and migrates a template database on the server; PostgreSQL copies it per test file (CREATE DATABASE … TEMPLATE). */
async function makePostgresTemplate(serverUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `fincrypt_template_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Migrated and closed before any test copies it: a template must have no other connection while it is copied.
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await database.close();
  return { name, drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`) };
}

/** Vitest's global set-up for the server's tests: the migrated templates, made once per run and removed after it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-templates-'));
  project.provide('pgliteTemplateFile', await makePgliteTemplate(dir));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const postgres = serverUrl ? await makePostgresTemplate(serverUrl) : undefined;
  project.provide('postgresTemplate', postgres?.name ?? '');
  return async () => {
    await postgres?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
