import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FloatingMenu } from '../../../src/components/FloatingMenu';
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

afterEach(() => vi.useRealTimers());

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
