import { z } from 'zod';

export type EnvVars = Record<string, string | undefined>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const portSchema = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be from 0 to 65535')
  .max(65535, 'must be from 0 to 65535');

/** Parses environment variables with a zod object schema; every problem is listed in one error. */
export function parseEnv<T extends z.ZodType>(schema: T, env: EnvVars = process.env): z.output<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.');
    const value = env[name];
    return `  ${name}=${value === undefined ? '(unset)' : JSON.stringify(value)}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}
