import { act, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { renderApp } from '../../../test/render-app';
import { LOGGED_IN_STORAGE_KEY } from '../../auth/session-context';
import { categoriesMock, fakeFile, TEST_USER } from './fixtures';

const MB = 1024 * 1024;

beforeEach(async () => {
  window.localStorage.setItem(LOGGED_IN_STORAGE_KEY, '1');
  await changeLanguage('hi');
});

const renderForm = () => renderApp({ initialEntries: ['/sell'], me: TEST_USER, mocks: [categoriesMock] });
const submit = () => screen.getByRole('button', { name: 'प्रोडक्ट जोड़ें' });

// The create form in Hindi (docs/glossary-hi.md): its labels and every check's message.
describe('the create form in Hindi', () => {
  it('asks for what is missing, and refuses a big main photo and a sixth gallery photo, in Hindi', async () => {
    const { user } = renderForm();
    expect(await screen.findByRole('heading', { level: 1, name: 'प्रोडक्ट जोड़ें' })).toBeInTheDocument();
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('कृपया सारी ज़रूरी जानकारी भरें');
    expect(screen.getByLabelText('प्रोडक्ट का नाम *')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('प्रोडक्ट का नाम *')).toHaveFocus();
    expect(screen.getByLabelText('प्रोडक्ट का नाम *')).toHaveAccessibleDescription('कृपया प्रोडक्ट का नाम लिखें');
    expect(screen.getByLabelText('विवरण *')).toHaveAccessibleDescription('कृपया प्रोडक्ट का विवरण लिखें');

    const thumbnail = screen.getByLabelText(/मुख्य फ़ोटो \*/);
    expect(thumbnail).toHaveAccessibleName('मुख्य फ़ोटो * फ़ोटो चुनें');
    expect(thumbnail).toHaveAccessibleDescription('JPEG, PNG, GIF या WebP, 5 MB से कम। कृपया मुख्य फ़ोटो अपलोड करें');
    await user.upload(thumbnail, fakeFile('big.jpg', 'image/jpeg', 5 * MB));
    expect(thumbnail).toHaveAccessibleDescription(/मुख्य फ़ोटो 5 MB से छोटी होनी चाहिए$/);
    const gallery = screen.getByLabelText(/और फ़ोटो और फ़ाइलें \(ज़्यादा से ज़्यादा 5\)/);
    const six = Array.from({ length: 6 }, (_, i) => fakeFile(`g${i}.jpg`, 'image/jpeg'));
    await user.upload(gallery, six);
    expect(gallery).toHaveAccessibleDescription(/गैलरी में ज़्यादा से ज़्यादा 5 फ़ोटो डाल सकते हैं$/);
    await user.upload(gallery, [fakeFile('a.jpg', 'image/jpeg'), fakeFile('b.jpg', 'image/jpeg')]);
    expect(gallery).toHaveAccessibleDescription(/ख़रीदारों को फ़ोटो इसी क्रम में दिखेंगी। 5 में से 2 चुनी गईं।$/);
    expect(screen.getByRole('list', { name: 'चुनी गई फ़ोटो' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'b.jpg को पहले रखें' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'a.jpg को बाद में रखें' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'a.jpg हटाएँ' }));
    expect(screen.queryByRole('img', { name: 'a.jpg' })).not.toBeInTheDocument();
  });

  it('asks for the price of a Buy now product and checks it, in Hindi', async () => {
    const { user } = renderForm();
    await user.selectOptions(await screen.findByLabelText('ख़रीदार कैसे ऑर्डर करें'), 'buy_now');
    await user.type(screen.getByLabelText('प्रोडक्ट का नाम *'), 'स्टील की बोतलें');
    await user.type(screen.getByLabelText('विवरण *'), 'थोक में स्टील की बोतलें');
    await user.upload(screen.getByLabelText(/मुख्य फ़ोटो \*/), fakeFile('t.jpg', 'image/jpeg'));
    await user.type(screen.getByLabelText('उपलब्ध मात्रा *'), '40');
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('कृपया सारी ज़रूरी जानकारी भरें');
    const price = screen.getByLabelText('एक पीस का दाम (₹) *');
    expect(price).toHaveAccessibleDescription('₹1 से ₹10,00,00,000 तक। कृपया "अभी ख़रीदें" वाले प्रोडक्ट का दाम डालें');
    await user.type(price, '10.555');
    await user.click(submit());
    expect(price).toHaveAccessibleDescription(/दाम रुपये में होना चाहिए, दशमलव के बाद ज़्यादा से ज़्यादा 2 अंक$/);
    await user.clear(price);
    await user.type(price, '0');
    await user.click(submit());
    expect(price).toHaveAccessibleDescription(/दाम ₹1 से ₹10,00,00,000 तक होना चाहिए$/);
    await user.clear(price);
    await user.type(price, '1450');
    expect(screen.getByText('ख़रीदार देखेंगे: ₹1,450 / पीस')).toBeInTheDocument();
  });

  it('switches the messages already shown when the language is switched', async () => {
    await changeLanguage('en');
    const { user } = renderForm();
    await user.click(await screen.findByRole('button', { name: 'Create product' }));
    expect(screen.getByLabelText('Title *')).toHaveAccessibleDescription('Please enter a title');
    await user.upload(screen.getByLabelText(/More pictures and files \(up to 5\)/), [fakeFile('notes.html', 'text/html')]);
    await act(() => changeLanguage('hi'));
    expect(screen.getByLabelText('प्रोडक्ट का नाम *')).toHaveAccessibleDescription('कृपया प्रोडक्ट का नाम लिखें');
    expect(screen.getByLabelText(/और फ़ोटो और फ़ाइलें/)).toHaveAccessibleDescription(/इस तरह की फ़ाइल \("text\/html"\) नहीं डाल सकते$/);
    expect(screen.getByRole('alert')).toHaveTextContent('कृपया सारी ज़रूरी जानकारी भरें');
  });

  it('offers conditions that agree with हालत (feminine) and says सेकंड हैंड for used', async () => {
    renderForm();
    const condition = await screen.findByLabelText('हालत *');
    expect(within(condition).getAllByRole('option').map((o) => o.textContent)).toEqual(['नई', 'नए जैसी', 'अच्छी', 'ठीक-ठाक', 'ख़राब']);
    const type = screen.getByLabelText('नया या सेकंड हैंड');
    expect(within(type).getAllByRole('option').map((o) => o.textContent)).toEqual(['नया', 'सेकंड हैंड']);
  });
});
