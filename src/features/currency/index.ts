// The currency feature's public surface: the switch, the shopper's currency and its geo-IP default.
export { CurrencySwitch } from './components/CurrencySwitch';
export { currencyChosen, currencySlice, selectCurrency, type Currency } from './currencySlice';
export { useGeoCurrencyDefault } from './useGeoCurrencyDefault';
