/**
 * cXML in and out. Reading: a document that declares entities, or any document type but cXML's own
 * public one (a SYSTEM identifier naming cXML's DTD, no internal subset), is refused before parsing, so
 * neither an external entity nor an expanding one (billion laughs) reaches the parser; the parser itself
 * (fast-xml-parser) expands no entity (`processEntities: false`) and reads no DTD, and the five predefined
 * entities and character references are decoded here. Writing: text and attributes escaped.
 */
import { XMLParser } from 'fast-xml-parser';

/** The document type cXML documents carry: its DTD named, never fetched. */
const CXML_DOCTYPE =
  /<!DOCTYPE\s+cXML\s+SYSTEM\s+"https?:\/\/xml\.cxml\.org\/schemas\/cXML\/[\w.]+\/cXML\.dtd"\s*>/;
export const MAX_XML_BYTES = 512 * 1024;

export class XmlRefused extends Error {
  constructor(readonly reason: 'entities' | 'badDocument') {
    super(reason);
  }
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/g, (whole, name: string) => {
    if (name[0] !== '#') return PREDEFINED[name] ?? whole;
    const code = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Elements that may repeat, always read as arrays. */
const REPEATED = new Set(['Credential', 'ItemOut', 'ItemIn', 'Extrinsic', 'Classification', 'Contact']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  removeNSPrefix: true,
  isArray: (name) => REPEATED.has(name),
  tagValueProcessor: (_name, value) => decode(value),
  attributeValueProcessor: (_name, value) => decode(value),
});

export type XmlNode = Record<string, unknown>;

/** Parses a cXML document; throws XmlRefused for entities or another document type, or text that is no XML. */
export function parseCxml(text: string): XmlNode {
  if (/<!ENTITY/i.test(text)) throw new XmlRefused('entities');
  let body = text;
  if (/<!DOCTYPE/i.test(body)) {
    body = body.replace(CXML_DOCTYPE, '');
    if (/<!DOCTYPE/i.test(body) || /<!\[/.test(body.replace(/<!\[CDATA\[/g, '')))
      throw new XmlRefused('entities');
  }
  let doc: XmlNode;
  try {
    doc = parser.parse(body, true) as XmlNode;
  } catch {
    throw new XmlRefused('badDocument');
  }
  const root = doc.cXML;
  if (!root || typeof root !== 'object') throw new XmlRefused('badDocument');
  return root as XmlNode;
}

/** A child element (the first when repeated), or undefined. */
export function child(node: unknown, ...path: string[]): XmlNode | undefined {
  let at: unknown = node;
  for (const name of path) {
    if (!at || typeof at !== 'object') return undefined;
    at = (at as XmlNode)[name];
    if (Array.isArray(at)) at = at[0];
  }
  return at && typeof at === 'object' ? (at as XmlNode) : at === undefined ? undefined : { '#text': at };
}

/** Every element of that name under the node. */
export function children(node: unknown, name: string): XmlNode[] {
  if (!node || typeof node !== 'object') return [];
  const at = (node as XmlNode)[name];
  const list = Array.isArray(at) ? at : at === undefined ? [] : [at];
  return list.map((x) => (x && typeof x === 'object' ? (x as XmlNode) : { '#text': x }));
}

/** An element's text (its own, trimmed), or ''. */
export function text(node: unknown, ...path: string[]): string {
  const at = path.length ? child(node, ...path) : (node as XmlNode | undefined);
  if (at === undefined) return '';
  const value = at['#text'];
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

export function attr(node: unknown, name: string): string {
  if (!node || typeof node !== 'object') return '';
  const value = (node as XmlNode)[`@${name}`];
  return typeof value === 'string' ? value : '';
}

/** Text for an element or a double-quoted attribute. */
export function esc(value: string | number): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export const CXML_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">\n';
