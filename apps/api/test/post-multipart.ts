import type { Express } from 'express';
import request from 'supertest';

/** A form's fields: text or a number each, a list sent as `name[]` repeated; undefined is left out. */
export type FormFields = Readonly<Record<string, string | number | readonly (string | number)[] | undefined>>;

/** A file of the form, under its field's name (`f`, or `f[]` for several). */
export type FormFile = { field: string; buffer: Buffer; name: string };

/**
 * A call sent as multipart/form-data, as the web app and the legacy client send the calls that
 * carry files: every value as text, a list as `name[]` repeated, then the files.
 */
export function postMultipart(app: Express, call: string, fields: FormFields, files: readonly FormFile[] = []): request.Test {
  let req = request(app).post(`/api/${call}.php`);
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value as readonly (string | number)[]) req = req.field(`${key}[]`, String(item));
    else req = req.field(key, String(value));
  }
  for (const file of files) req = req.attach(file.field, file.buffer, file.name);
  return req;
}
