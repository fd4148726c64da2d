/**
 * The back office's pages as data: each page names its path under /acer/admin, its loader and action, and
 * its component. The shop's router holds one lazy entry (`admin/*`) for all of them, because a lazy route
 * cannot bring its own child routes; `BackOffice.tsx` matches the rest of the path to a page here and calls that
 * page's loader or action, so every page still loads and submits through React Router's data APIs.
 */
import type { AdminMeAnswer } from '@shop/domain/back-office/schemas';
import type { ComponentType } from 'react';
import { type Params, useLoaderData } from 'react-router';
import type { ActionResult } from './api';

/** Who is signed in and the navigation's counts: GET /api/admin/me. */
export type Me = AdminMeAnswer;

export interface PageArgs {
  request: Request;
  params: Params<string>;
}

export interface AdminPage {
  /** Under /acer/admin, as a React Router path ('/orders/:orderId'). */
  path: string;
  /** Reached without a staff session (sign-in, set-password). */
  public?: boolean;
  /** Only owners use it: clerks get a message instead of the page. */
  owner?: boolean;
  loader?: (args: PageArgs) => Promise<unknown>;
  action?: (args: PageArgs) => Promise<ActionResult | Response>;
  Component: ComponentType;
}

/** What the admin route's loader gives every page. */
export interface AdminData {
  /** The signed-in staff member and the navigation's counts; null on public pages. */
  me: Me | null;
  /** The matched page's path pattern. */
  page: string;
  params: Params<string>;
  data: unknown;
  /** A load that failed for a reason the person should read (a 404, a refused role). */
  error: { status: number; message: string } | null;
  /** A message carried over a redirect (e.g. "Customer C10003 has been created"). */
  flash: string;
}

export function useAdminData(): AdminData {
  return useLoaderData() as AdminData;
}

/** The current page's loader answer. */
export function usePageData<T>(): T {
  return useAdminData().data as T;
}

export function useMe(): Me | null {
  return useAdminData().me;
}

export function useIsOwner(): boolean {
  return useAdminData().me?.staff.role === 'owner';
}

let flash = '';

/** Keeps a message for the page a redirect leads to. */
export function setFlash(message: string): void {
  flash = message;
}

export function takeFlash(): string {
  const message = flash;
  flash = '';
  return message;
}
