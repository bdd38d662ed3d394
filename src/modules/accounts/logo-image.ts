import { imageSize } from 'image-size';
import type { FastifyReply } from 'fastify';
import { invalid, notFound } from '../../core/errors.js';
import { rootAttributes, sanitizeSvg } from './svg-sanitizer.js';

/**
 * The account's logo (docs/operations.md#the-logo): PNG, JPEG or SVG, recognised by its content
 * (never by the file name or the declared type, which the sender chooses), at most
 * LOGO_MAX_BYTES and, for PNG and JPEG, LOGO_MAX_PIXELS on each side (a small file can declare
 * a huge image, and every PDF decodes it). SVG is stored sanitised.
 */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_MAX_PIXELS = 4000;

export interface LogoImage {
  contentType: 'image/png' | 'image/jpeg' | 'image/svg+xml';
  content: Buffer;
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const unsupported = () => invalid('file', 'must be a PNG, JPEG or SVG image (recognised by its content)');

/** Checks an uploaded logo and answers what to store; 400 naming `file` otherwise. */
export function readLogo(content: Buffer): LogoImage {
  if (content.length === 0) throw invalid('file', 'is empty');
  if (content.subarray(0, 8).equals(PNG_SIGNATURE)) return raster(content, 'image/png', 'png');
  if (content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return raster(content, 'image/jpeg', 'jpg');
  const text = svgText(content);
  if (text === undefined) throw unsupported();
  return svg(text);
}

function raster(content: Buffer, contentType: 'image/png' | 'image/jpeg', type: string): LogoImage {
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(content);
  } catch {
    throw invalid('file', `the ${type === 'png' ? 'PNG' : 'JPEG'} image could not be read`);
  }
  const { width, height } = size;
  if (size.type !== type || !width || !height) throw invalid('file', `the ${type === 'png' ? 'PNG' : 'JPEG'} image could not be read`);
  if (width > LOGO_MAX_PIXELS || height > LOGO_MAX_PIXELS) {
    throw invalid('file', `is ${width} × ${height} pixels: at most ${LOGO_MAX_PIXELS} × ${LOGO_MAX_PIXELS}`);
  }
  return { contentType, content, width, height };
}

/** The text of an SVG document: UTF-8 whose first element is `<svg`, after an XML declaration, comments or a DOCTYPE. */
function svgText(content: Buffer): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return undefined;
  }
  const prologue = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>\s*)*<svg[\s/>]/;
  return prologue.test(text) ? text : undefined;
}

function svg(text: string): LogoImage {
  const cleaned = sanitizeSvg(text);
  if (cleaned === undefined) throw invalid('file', 'the SVG image must be a single <svg> element');
  const size = svgSize(rootAttributes(cleaned));
  if (!size) throw invalid('file', 'the SVG image must have a width and a height or a viewBox');
  return { contentType: 'image/svg+xml', content: Buffer.from(cleaned, 'utf8'), ...size };
}

/** CSS pixels per unit of absolute lengths. */
const UNITS: Record<string, number> = { '': 1, px: 1, pt: 4 / 3, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4 };

function length(value: string | undefined): number | undefined {
  const match = /^\s*([0-9]*\.?[0-9]+(?:e[+-]?\d+)?)\s*(px|pt|pc|in|cm|mm)?\s*$/i.exec(value ?? '');
  if (!match) return undefined;
  const pixels = Number(match[1]) * UNITS[(match[2] ?? '').toLowerCase()]!;
  return Number.isFinite(pixels) && pixels > 0 ? round(pixels) : undefined;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** The drawing's size: width and height, completed by the viewBox's proportions, or the viewBox's size. */
export function svgSize(attributes: Record<string, string>): { width: number; height: number } | undefined {
  const box = (attributes.viewBox ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const boxSize = box.length === 4 && box.every(Number.isFinite) && box[2]! > 0 && box[3]! > 0 ? { width: box[2]!, height: box[3]! } : undefined;
  const width = length(attributes.width);
  const height = length(attributes.height);
  if (width !== undefined && height !== undefined) return { width, height };
  if (!boxSize) return undefined;
  if (width !== undefined) return { width, height: round((width * boxSize.height) / boxSize.width) };
  if (height !== undefined) return { width: round((height * boxSize.width) / boxSize.height), height };
  return { width: round(boxSize.width), height: round(boxSize.height) };
}

/**
 * Answers a logo as stored (404 without one), for the agency's route and the portal's: never
 * sniffed, and an SVG opened on its own is a document in which nothing may run or load anything.
 */
export function sendLogo(reply: FastifyReply, logo: { contentType: string; content: Buffer } | null, cacheControl: string): FastifyReply {
  if (logo === null) throw notFound('logo');
  reply.header('Content-Type', logo.contentType).header('X-Content-Type-Options', 'nosniff').header('Cache-Control', cacheControl);
  if (logo.contentType === 'image/svg+xml')
    reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'").header('Content-Disposition', 'inline');
  return reply.send(logo.content);
}
