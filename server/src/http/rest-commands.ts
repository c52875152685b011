import type { Request } from 'express';
import { AppError } from '../common/app-error.js';

// The REST shim speaks snake_case (docs/product.md#rest-shim); services take their commands in the
// GraphQL input's names (camelCase). These turn a REST body into a command, and name the fields of a
// refusal back as the body did (the REST error handler does, for every route).

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `unit_price_paise` -> `unitPricePaise`. */
export const toCommandName = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
/** `unitPricePaise` -> `unit_price_paise`. */
export const toRestName = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A JSON body's top-level keys in the command's names (anything but an object stays as it is). */
export function commandFromRest(body: unknown): unknown {
  return isObject(body) ? Object.fromEntries(Object.entries(body).map(([k, v]) => [toCommandName(k), v])) : body;
}

/** The request's JSON body as a command (an absent or non-object body is an empty one). */
export const restBody = (req: Request): Obj => (isObject(req.body) ? (commandFromRest(req.body) as Obj) : {});

/** A refusal's `details.fields` named as the REST body named them (`maxQuantity` -> `max_quantity`). */
export function withRestFieldNames(err: AppError): AppError {
  if (!isObject(err.details?.fields)) return err;
  const fields = Object.fromEntries(Object.entries(err.details.fields).map(([path, message]) => [path.split('.').map(toRestName).join('.'), message]));
  return new AppError(err.code, err.text, { ...err.details, fields });
}
