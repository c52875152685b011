import { useMutation } from "@apollo/client/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Modal } from "../../../components/ui/modal";
import { BuyNowDocument } from "../../../graphql/generated";
import { readServerError } from "../../../lib/graphql-errors";
import { noteFirstOrder } from "../../../lib/pwa/install-hint";
import { formatRupees, paiseToRupees } from "../../../lib/money";
import { unitPriceFor, usePriceFormat, type PriceBand } from "../../../lib/price";
import { newIdempotencyKey } from "../order-labels";
import "./orders.css";
import { FormError } from '../../../components/ui/form-error';

export interface BuyableProduct {
  id: string;
  title: string;
  /** The listing's unit price, integer paise as text. */
  pricePaise: string;
  /** Bulk price bands (empty: one price): the quantity's band sets the unit price, as the server charges. */
  bands?: readonly PriceBand[];
  unit?: string | null;
  minQuantity: number;
  /** Units left (0: sold out). */
  stock: number;
}

/** Unit price (paise as text) x quantity, exactly in paise (never floats). */
export function totalPaise(unitPricePaise: string, quantity: number): string {
  return String(BigInt(unitPricePaise) * BigInt(quantity));
}

/**
 * Buy now for a Buy now product: a quantity stepper (from the minimum order to the stock), a
 * confirmation with the total, then the order and /orders. Sold out: a disabled button.
 *
 * `autoOpen`: open the confirmation at once (a search card's Buy brought the buyer here). `children`: more actions
 * (the product page's Inquire) in one bar with Buy now, `barClassName` its class: the page keeps that bar (one row)
 * in view on a phone, while the quantity and the total stay above it in the page.
 */
export function BuyNowPanel({
  product,
  autoOpen = false,
  onQuantityChange,
  barClassName,
  children,
}: {
  product: BuyableProduct;
  autoOpen?: boolean;
  onQuantityChange?: (quantity: number) => void;
  barClassName?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const min = Math.max(1, product.minQuantity);
  const max = product.stock;
  const [quantity, setQuantity] = useState(min);
  /** What the quantity box holds as typed: a number outside the limits is said, never changed. */
  const [typed, setTyped] = useState(String(min));
  const price = usePriceFormat();
  const hintId = useId();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const [buy, { loading }] = useMutation(BuyNowDocument);
  const stepperId = useId();
  const titleId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const soldOut = max <= 0 || max < min;
  const autoOpened = useRef(false);
  useEffect(() => onQuantityChange?.(quantity), [quantity, onQuantityChange]);
  useEffect(() => {
    if (!autoOpen || autoOpened.current || soldOut) return;
    autoOpened.current = true;
    key.current = newIdempotencyKey();
    setConfirming(true);
  }, [autoOpen, soldOut]);

  const bar = (buyButton: ReactNode) => (
    <div className={barClassName ? `buy-now__bar ${barClassName}` : "buy-now__bar"}>
      {buyButton}
      {children}
    </div>
  );
  if (soldOut) {
    return (
      <div className="buy-now">
        {bar(
          <button type="button" className="button button--primary" disabled>
            {t("orders.soldOut")}
          </button>,
        )}
      </div>
    );
  }
  const clamp = (n: number) => Math.min(max, Math.max(min, Math.floor(n)));
  const step = (by: number) => {
    const next = clamp(quantity + by);
    setQuantity(next);
    setTyped(String(next));
  };
  const typedNumber = /^\d+$/.test(typed.trim()) ? Number(typed.trim()) : NaN;
  const quantityProblem = Number.isNaN(typedNumber)
    ? t("orders.quantityWhole")
    : typedNumber < min
      ? t("orders.quantityBelowMin", { quantity: price.quantity(min, product.unit) })
      : typedNumber > max
        ? t("orders.quantityAboveStock", { quantity: price.quantity(max, product.unit) })
        : null;
  const onType = (raw: string) => {
    setTyped(raw);
    const n = Number(raw.trim());
    if (/^\d+$/.test(raw.trim()) && n >= min && n <= max) setQuantity(n);
  };
  const unitPaise = unitPriceFor(product.bands ?? [], product.pricePaise, quantity);
  const total = paiseToRupees(totalPaise(unitPaise, quantity));

  const open = () => {
    if (quantityProblem) return;
    setFailure(null);
    key.current = newIdempotencyKey(); // one key per purchase attempt: a retried request is the same purchase
    setConfirming(true);
  };
  const place = async () => {
    try {
      const res = await buy({
        variables: {
          productId: product.id,
          quantity,
          idempotencyKey: key.current,
        },
      });
      const order = res.data?.buyNow;
      if (!order) throw new Error("no order");
      setConfirming(false);
      // A first order is a sensible moment to offer the app (the install hint).
      noteFirstOrder();
      void navigate("/orders", {
        state: { placed: { displayId: order.displayId, total: order.payable, payBy: String(order.payBy) } },
      });
    } catch (err) {
      const server = readServerError(err);
      setConfirming(false);
      setFailure(
        server.code === "CONFLICT" || server.code === "BAD_USER_INPUT"
          ? `${t("orders.buyFailed")} ${server.message ?? ""}`.trim()
          : t("orders.buyFailed"),
      );
    }
  };

  return (
    <div className="buy-now">
      <div
        className="quantity-stepper"
        role="group"
        aria-labelledby={stepperId}
      >
        <span id={stepperId} className="quantity-stepper__label">
          {t("orders.quantityLabel")}
        </span>
        <button
          type="button"
          className="button button--secondary"
          aria-label={t("orders.decrease")}
          disabled={quantity <= min}
          onClick={() => step(-1)}
        >
          −
        </button>
        <input
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={typed}
          aria-label={t("orders.quantityLabel")}
          aria-invalid={quantityProblem ? true : undefined}
          aria-describedby={hintId}
          onChange={(e) => onType(e.target.value)}
        />
        <button
          type="button"
          className="button button--secondary"
          aria-label={t("orders.increase")}
          disabled={quantity >= max}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
      <p id={hintId} className={quantityProblem ? "field__error" : "buy-now__limits"} role={quantityProblem ? "alert" : undefined}>
        {quantityProblem ?? t("orders.quantityLimits", { min: price.quantity(min, product.unit), max: price.quantity(max, product.unit) })}
      </p>
      <p className="buy-now__total">
        {t("orders.unitTotalLine", { price: price.price(unitPaise, product.unit), total: formatRupees(total) })}
      </p>
      {bar(
        <button type="button" className="button button--primary" onClick={open} disabled={Boolean(quantityProblem)}>
          {t("orders.buyNow")}
        </button>,
      )}
      <FormError message={failure} />
      {confirming ? (
        <Modal
          labelledBy={titleId}
          onClose={() => (loading ? undefined : setConfirming(false))}
          initialFocusRef={confirmRef}
        >
          <div className="buy-now__confirm">
            <h2 id={titleId}>{t("orders.confirmTitle")}</h2>
            <p>
              {t("orders.confirmBody", {
                quantity: price.quantity(quantity, product.unit),
                title: product.title,
                total: formatRupees(total),
              })}
            </p>
            <p className="orders-page__hint">{t("orders.payOutside")}</p>
            <div className="buy-now__confirm-actions">
              <button
                ref={confirmRef}
                type="button"
                className="button button--primary"
                disabled={loading}
                aria-busy={loading}
                onClick={() => void place()}
              >
                {loading ? t("orders.placing") : t("orders.placeOrder")}
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={loading}
                onClick={() => setConfirming(false)}
              >
                {t("orders.back")}
              </button>
            </div>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}
