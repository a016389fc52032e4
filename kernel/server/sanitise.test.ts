import { describe, expect, it } from 'vitest';
import { findProblem, MAX_DEPTH, MAX_ITEMS, MAX_KEYS, MAX_STRING } from './sanitise.ts';

const text = { type: 'object', properties: { name: { type: 'string', maxLength: 100 }, about: { type: 'string', maxLength: 20000, multiline: true } } };

describe('input sanitiser', () => {
  it('refuses NUL, other C0 controls and DEL, naming the field', () => {
    for (const bad of ['\u0000', 'a\u0001', 'x\u001bx', 'del\u007f']) {
      expect(findProblem({ name: bad }, text)).toEqual({ field: 'name', problem: 'contains a control character' });
    }
    expect(findProblem({ name: 'Zoë 😀 ünïcode' }, text)).toBeNull();
  });

  it('allows tab, line feed and carriage return only in multi-line fields', () => {
    expect(findProblem({ about: 'one\r\ntwo\tthree' }, text)).toBeNull();
    expect(findProblem({ about: 'one\u0000' }, text)).toMatchObject({ field: 'about' });
    expect(findProblem({ name: 'one\ntwo' }, text)).toMatchObject({ field: 'name', problem: 'contains a control character' });
    // No schema (or a field it does not know): single-line rules.
    expect(findProblem({ other: 'a\nb' })).toMatchObject({ field: 'other' });
  });

  it('refuses lone surrogates but not pairs', () => {
    expect(findProblem({ name: 'a\ud800' }, text)).toEqual({ field: 'name', problem: 'contains an invalid character' });
    expect(findProblem({ name: '\udc00b' }, text)).toMatchObject({ field: 'name' });
    expect(findProblem({ name: '😀' }, text)).toBeNull();
  });

  it('checks object keys too', () => {
    expect(findProblem({ 'a\u0000b': 1 })).toEqual({ field: 'a\u0000b', problem: 'contains a control character' });
  });

  it('caps strings lacking a maxLength; a schema maxLength wins', () => {
    expect(findProblem({ x: 'a'.repeat(MAX_STRING) })).toBeNull();
    expect(findProblem({ x: 'a'.repeat(MAX_STRING + 1) })).toMatchObject({ field: 'x' });
    expect(findProblem({ about: 'a'.repeat(MAX_STRING + 1) }, text)).toBeNull();
  });

  it('wants finite numbers and integers within PostgreSQL integer unless the schema bounds them', () => {
    const schema = { type: 'object', properties: { id: { type: 'integer', minimum: 1 }, big: { type: 'integer', maximum: 1e12 }, lat: { type: 'number' } } };
    expect(findProblem({ id: Infinity }, schema)).toEqual({ field: 'id', problem: 'must be a finite number' });
    expect(findProblem({ lat: -Infinity }, schema)).toMatchObject({ field: 'lat' });
    expect(findProblem({ lat: NaN }, schema)).toMatchObject({ field: 'lat' });
    expect(findProblem({ id: 2_147_483_648 }, schema)).toEqual({ field: 'id', problem: 'is out of range' });
    expect(findProblem({ id: 2_147_483_647 }, schema)).toBeNull();
    expect(findProblem({ big: 1e11 }, schema)).toBeNull();
    expect(findProblem({ lat: 1e20 }, schema)).toBeNull();
  });

  it('caps keys, items and depth', () => {
    expect(findProblem(Object.fromEntries(Array.from({ length: MAX_KEYS + 1 }, (_, i) => [`k${i}`, i])))).toMatchObject({ field: '' });
    expect(findProblem({ list: Array.from({ length: MAX_ITEMS + 1 }, () => 1) })).toMatchObject({ field: 'list' });
    expect(findProblem({ list: Array.from({ length: MAX_ITEMS + 1 }, () => 1) }, { type: 'object', properties: { list: { type: 'array', maxItems: 5000 } } })).toBeNull();
    let deep: unknown = 1;
    for (let i = 0; i < MAX_DEPTH + 1; i++) deep = [deep];
    expect(findProblem(deep)?.problem).toBe('is nested too deeply');
  });

  it('follows the schema through arrays, additionalProperties and anyOf', () => {
    const schema = {
      type: 'object',
      properties: {
        notes: { type: 'array', items: { type: 'string', multiline: true } },
        either: { anyOf: [{ type: 'integer' }, { type: 'string', multiline: true }] },
      },
      additionalProperties: { type: 'string', maxLength: 50_000 },
    };
    expect(findProblem({ notes: ['a\nb', 'c\r\nd'] }, schema)).toBeNull();
    expect(findProblem({ notes: ['ok', 'bad\u0000'] }, schema)).toEqual({ field: 'notes/1', problem: 'contains a control character' });
    expect(findProblem({ either: 'a\nb' }, schema)).toBeNull();
    expect(findProblem({ extra: 'a'.repeat(MAX_STRING + 5) }, schema)).toBeNull();
  });

  it('leaves what an explicit additionalProperties: true takes undescribed alone, but for the size caps', () => {
    const schema = { type: 'object', properties: { forced_domain: { type: 'string', maxLength: 253 } }, additionalProperties: true };
    expect(findProblem({ sub1: 'a\nb\u0000', 'odd\u0001key': { deep: ['\u0007'] }, n: Infinity }, schema)).toBeNull();
    expect(findProblem({ forced_domain: 'a\u0000' }, schema)).toMatchObject({ field: 'forced_domain' });
    expect(findProblem({ sub1: 'a'.repeat(MAX_STRING + 1) }, schema)).toMatchObject({ field: 'sub1' });
    // Not said (ajv's default): checked.
    expect(findProblem({ sub1: 'a\u0000' }, { type: 'object', properties: {} })).toMatchObject({ field: 'sub1' });
  });
});
