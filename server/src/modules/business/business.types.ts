import { Field, InputType, ObjectType } from 'type-graphql';
import type { Locale } from '../../common/request-context.js';
import type { BusinessAddress, BuyerBilling, SellerBusiness } from './business.service.js';
import { stateName } from './indian-states.js';

// Plain shapes: the service's zod schemas do all validation, for GraphQL and REST alike.

@ObjectType('BusinessAddress')
export class BusinessAddressType {
  @Field() line1!: string;
  @Field() city!: string;
  @Field({ description: "GST state code, e.g. '27'" }) state!: string;
  @Field({ description: "The state's name in the request's language" }) stateName!: string;
  @Field() pincode!: string;
}

@ObjectType('BankDetails')
export class BankDetailsType {
  @Field() accountName!: string;
  @Field() accountNumber!: string;
  @Field() ifsc!: string;
}

@ObjectType('SellerBusiness', { description: "A seller's business details (docs/product.md#business-details)" })
export class SellerBusinessType {
  @Field() legalName!: string;
  @Field(() => String, { nullable: true }) tradeName!: string | null;
  @Field(() => String, { nullable: true, description: 'Null for a seller not registered under GST (bills of supply)' }) gstin!: string | null;
  @Field(() => BusinessAddressType) address!: BusinessAddressType;
  @Field(() => String, { nullable: true, description: 'UPI ID (VPA) buyers pay to' }) upiVpa!: string | null;
  @Field(() => BankDetailsType, { nullable: true }) bank!: BankDetailsType | null;
  @Field({ description: 'Invoice numbers are this prefix and a serial per financial year' }) invoicePrefix!: string;
  @Field() pricesIncludeGst!: boolean;
  @Field() updatedAt!: Date;
}

@ObjectType('BuyerBilling', { description: "A buyer's billing details for GST invoices" })
export class BuyerBillingType {
  @Field(() => String, { nullable: true }) legalName!: string | null;
  @Field(() => String, { nullable: true }) gstin!: string | null;
  @Field(() => BusinessAddressType) billingAddress!: BusinessAddressType;
  @Field() updatedAt!: Date;
}

@ObjectType('IndianState')
export class IndianStateType {
  @Field({ description: 'GST state code' }) code!: string;
  @Field({ description: "Name in the request's language" }) name!: string;
}

@InputType()
export class BusinessAddressInput {
  @Field() line1!: string;
  @Field() city!: string;
  @Field({ description: 'GST state code or the state\'s name' }) state!: string;
  @Field() pincode!: string;
}

@InputType()
export class BankDetailsInput {
  @Field() accountName!: string;
  @Field() accountNumber!: string;
  @Field() ifsc!: string;
}

@InputType()
export class SellerBusinessInput {
  @Field() legalName!: string;
  @Field(() => String, { nullable: true }) tradeName?: string | null;
  @Field(() => String, { nullable: true }) gstin?: string | null;
  @Field(() => BusinessAddressInput) address!: BusinessAddressInput;
  @Field(() => String, { nullable: true }) upiVpa?: string | null;
  @Field(() => BankDetailsInput, { nullable: true }) bank?: BankDetailsInput | null;
  @Field(() => String, { nullable: true, description: "Default 'INV-'" }) invoicePrefix?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Default true' }) pricesIncludeGst?: boolean | null;
}

@InputType()
export class BuyerBillingInput {
  @Field(() => String, { nullable: true }) legalName?: string | null;
  @Field(() => String, { nullable: true }) gstin?: string | null;
  @Field(() => BusinessAddressInput) billingAddress!: BusinessAddressInput;
}

const addressType = (a: BusinessAddress, locale: Locale): BusinessAddressType => ({ ...a, stateName: stateName(a.state, locale) });

export const toSellerBusinessType = (b: SellerBusiness, locale: Locale): SellerBusinessType => ({ ...b, address: addressType(b.address, locale) });
export const toBuyerBillingType = (b: BuyerBilling, locale: Locale): BuyerBillingType => ({ ...b, billingAddress: addressType(b.billingAddress, locale) });

/** The REST shim's address: snake_case, the state as its code with its name beside it. */
const restAddress = (a: BusinessAddress, locale: Locale) => ({ line1: a.line1, city: a.city, state: a.state, state_name: stateName(a.state, locale), pincode: a.pincode });

export function toRestSellerBusiness(b: SellerBusiness, locale: Locale) {
  return {
    legal_name: b.legalName,
    trade_name: b.tradeName,
    gstin: b.gstin,
    address: restAddress(b.address, locale),
    upi_vpa: b.upiVpa,
    bank: b.bank ? { account_name: b.bank.accountName, account_number: b.bank.accountNumber, ifsc: b.bank.ifsc } : null,
    invoice_prefix: b.invoicePrefix,
    prices_include_gst: b.pricesIncludeGst,
    updated_at: b.updatedAt.toISOString(),
  };
}

export function toRestBuyerBilling(b: BuyerBilling, locale: Locale) {
  return { legal_name: b.legalName, gstin: b.gstin, billing_address: restAddress(b.billingAddress, locale), updated_at: b.updatedAt.toISOString() };
}
