import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FloatingMenu, narrowScreenQuery } from '../../../src/components/FloatingMenu';
import { renderWithProviders } from '../../support/renderWithProviders';

function renderMenu() {
  return renderWithProviders(
    <>
      <p>Outside the menu</p>
      <FloatingMenu />
      <Routes>
        <Route path="/" element={<h1>Home page</h1>} />
        <Route path="/allproducts" element={<h1>All products page</h1>} />
        <Route path="/category/:id" element={<h1>Category page</h1>} />
      </Routes>
    </>,
  );
}

const menuButton = () => screen.getByRole('button', { name: 'Menu' });
const menu = () => screen.queryByRole('navigation', { name: 'Site menu' });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('floating menu', () => {
  it('starts closed', () => {
    renderMenu();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menu()).not.toBeInTheDocument();
  });

  it('opens on click with the site, store and category entries', async () => {
    const { user } = renderMenu();
    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    const nav = menu()!;
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', 'https://www.digitalstore.test');
    expect(within(nav).getByRole('link', { name: 'Digital Store Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'About' })).toHaveAttribute(
      'href',
      'https://www.digitalstore.test/about',
    );
    expect(within(nav).getByRole('heading', { name: 'PRODUCT CATEGORIES' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'All Products' })).toHaveAttribute('href', '/allproducts');
    expect(within(nav).getByRole('link', { name: '📚 Ebooks' })).toHaveAttribute('href', '/category/1');
    expect(within(nav).getByRole('link', { name: '🎓 Courses' })).toHaveAttribute('href', '/category/2');
  });

  it('closes on a second click', async () => {
    const { user } = renderMenu();
    await user.click(menuButton());
    await user.click(menuButton());
    expect(menu()).not.toBeInTheDocument();
  });

  it('opens on hover, and the click that follows the hover keeps it open', async () => {
    const { user } = renderMenu();
    await user.hover(menuButton());
    expect(menu()).toBeInTheDocument();
    await user.click(menuButton());
    expect(menu()).toBeInTheDocument();
  });

  it('closes on a click outside', async () => {
    const { user } = renderMenu();
    await user.click(menuButton());
    await user.click(screen.getByText('Outside the menu'));
    expect(menu()).not.toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the menu button', async () => {
    const { user } = renderMenu();
    await user.click(menuButton());
    await user.tab();
    expect(within(menu()!).getByRole('link', { name: 'Home' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu()).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();
  });

  it('can be opened from the keyboard', async () => {
    const { user } = renderMenu();
    await user.tab();
    expect(menuButton()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(menu()).toBeInTheDocument();
  });

  it('closes and navigates when an entry is chosen', async () => {
    const { user } = renderMenu();
    await user.click(menuButton());
    await user.click(screen.getByRole('link', { name: '🎓 Courses' }));
    expect(screen.getByRole('heading', { name: 'Category page' })).toBeInTheDocument();
    expect(menu()).not.toBeInTheDocument();
  });

  it('opens by itself every 30 seconds', () => {
    vi.useFakeTimers();
    renderMenu();
    act(() => {
      vi.advanceTimersByTime(29_999);
    });
    expect(menu()).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(menu()).toBeInTheDocument();

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(menu()).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(menu()).toBeInTheDocument();
  });
});

/** A phone's screen: only the narrow-screen query matches. */
function onAPhone() {
  const realMatchMedia = window.matchMedia.bind(window);
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...realMatchMedia(query),
    matches: query === narrowScreenQuery,
  }));
}

function scrollPageTo(y: number) {
  vi.spyOn(window, 'scrollY', 'get').mockReturnValue(y);
  fireEvent.scroll(window);
}

const peek = () => screen.queryByRole('button', { name: 'Browse categories' });

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

describe('floating menu on a phone', () => {
  it('peeks every 30 seconds instead of opening, and the peek closes by itself after 4 seconds', () => {
    vi.useFakeTimers();
    onAPhone();
    renderMenu();
    advance(30_000);
    expect(peek()).toBeInTheDocument();
    expect(menu()).not.toBeInTheDocument();
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    advance(3_999);
    expect(peek()).toBeInTheDocument();
    advance(1);
    expect(peek()).not.toBeInTheDocument();
    advance(26_000);
    expect(peek()).toBeInTheDocument();
  });

  it('opens the whole menu when the peek is tapped', () => {
    vi.useFakeTimers();
    onAPhone();
    renderMenu();
    advance(30_000);
    fireEvent.click(peek()!);
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu()!).getByRole('link', { name: 'All Products' })).toBeInTheDocument();
    expect(peek()).not.toBeInTheDocument();
    advance(4_000);
    expect(menu()).toBeInTheDocument();
  });

  it('shows nothing by itself while the visitor is down the page', () => {
    vi.useFakeTimers();
    onAPhone();
    renderMenu();
    scrollPageTo(400);
    advance(30_000);
    expect(peek()).not.toBeInTheDocument();
    expect(menu()).not.toBeInTheDocument();
    scrollPageTo(0);
    advance(30_000);
    expect(peek()).toBeInTheDocument();
  });

  it('takes the peek away as soon as the visitor scrolls', () => {
    vi.useFakeTimers();
    onAPhone();
    renderMenu();
    advance(30_000);
    expect(peek()).toBeInTheDocument();
    scrollPageTo(40);
    expect(peek()).not.toBeInTheDocument();
  });

  it('gives the focus to the menu button when a focused peek closes', () => {
    vi.useFakeTimers();
    onAPhone();
    renderMenu();
    advance(30_000);
    act(() => peek()!.focus());
    expect(peek()).toHaveFocus();
    advance(4_000);
    expect(peek()).not.toBeInTheDocument();
    expect(menuButton()).toHaveFocus();
  });

  it('is not shown over a menu the visitor opened', async () => {
    onAPhone();
    const { user } = renderMenu();
    await user.click(menuButton());
    vi.useFakeTimers();
    advance(30_000);
    expect(peek()).not.toBeInTheDocument();
    expect(menu()).toBeInTheDocument();
  });
});
