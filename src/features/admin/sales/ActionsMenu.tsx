// A menu button and its menu (docs/admin.md, 'Sales'): one 'Actions' button per sale. Keyboard as a
// menu button works everywhere: Enter, Space or ArrowDown open it on the first item, ArrowUp on the last;
// ArrowUp/ArrowDown/Home/End move between items; Escape (or Tab) closes it and gives the focus back to
// the button, as choosing an item does before the item acts.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { secondaryButtonClass } from '../../../components/buttonClasses';

export interface MenuItem {
  label: string;
  /** What choosing it does; an item with `href` is a link opening in a new tab instead. */
  onSelect?: () => void;
  href?: string;
  disabled?: boolean;
}

export function ActionsMenu({ name, items }: { name: string; items: readonly MenuItem[] }) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const menuId = useId();
  const enabled = items.map((item, index) => (item.disabled ? -1 : index)).filter((index) => index >= 0);

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!buttonRef.current?.parentElement?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutside);
    return () => document.removeEventListener('mousedown', closeOnOutside);
  }, [open]);

  const openAt = (index: number | undefined) => {
    if (index === undefined) return;
    setActive(index);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const step = (by: 1 | -1) => {
    const at = enabled.indexOf(active);
    openAt(enabled[(at + by + enabled.length) % enabled.length]);
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(enabled[0]);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(enabled.at(-1));
    }
  };
  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, () => void> = {
      ArrowDown: () => step(1),
      ArrowUp: () => step(-1),
      Home: () => openAt(enabled[0]),
      End: () => openAt(enabled.at(-1)),
      Escape: close,
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      move();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="relative inline-block">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={name}
        className={`${secondaryButtonClass} px-3 py-1.5 text-sm`}
        onClick={() => (open ? setOpen(false) : openAt(enabled[0]))}
        onKeyDown={onButtonKey}
      >
        Actions <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={name}
          tabIndex={-1}
          onKeyDown={onMenuKey}
          className="absolute right-0 z-30 mt-1 w-56 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200"
        >
          {items.map((item, index) => {
            const common = {
              ref: (element: HTMLElement | null) => {
                itemRefs.current[index] = element;
              },
              role: 'menuitem',
              tabIndex: index === active ? 0 : -1,
              className:
                'block w-full rounded-md px-3 py-2 text-left text-sm text-slate-900 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none disabled:text-slate-400',
            };
            return item.href ? (
              <a
                key={item.label}
                {...common}
                href={item.href}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => setOpen(false)}
              >
                {item.label}
              </a>
            ) : (
              <button
                key={item.label}
                {...common}
                type="button"
                disabled={item.disabled}
                onClick={() => {
                  close();
                  item.onSelect?.();
                }}
              >
                {item.label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
