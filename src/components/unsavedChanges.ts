// Unsaved changes on a page of sections (docs/admin.md, 'The product page'): each form inside a
// section says whether it holds changes its Save has not stored, and the page knows which sections
// have some, to keep them when the seller leaves. Outside such a page the report goes nowhere.
import { createContext, createElement, useContext, useEffect, useId, useMemo, type ReactNode } from 'react';

/** Hears one form's report: `key` names the form, `section` the section it is in. */
export type UnsavedReporter = (key: string, section: string, unsaved: boolean) => void;

const UnsavedContext = createContext<{ section: string; report: UnsavedReporter } | null>(null);

/** The section a form belongs to, for the reports of the forms inside it. */
export function UnsavedSection({
  name,
  report,
  children,
}: {
  name: string;
  report: UnsavedReporter;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ section: name, report }), [name, report]);
  return createElement(UnsavedContext.Provider, { value }, children);
}

/** Says whether this form holds changes not saved yet; a form that goes away takes its changes with it. */
export function useReportUnsaved(unsaved: boolean): void {
  const scope = useContext(UnsavedContext);
  const key = useId();
  useEffect(() => {
    scope?.report(key, scope.section, unsaved);
  }, [scope, key, unsaved]);
  useEffect(() => () => scope?.report(key, scope.section, false), [scope, key]);
}

/** The sections with unsaved changes, in the order of `order`, from the forms' reports. */
export function unsavedSections(reports: Readonly<Record<string, string>>, order: readonly string[]): string[] {
  const named = new Set(Object.values(reports));
  return order.filter((section) => named.has(section));
}
