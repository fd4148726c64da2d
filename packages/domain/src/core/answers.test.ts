import { describe, expect, it } from 'vitest';
import { AdminMeAnswer, AdminOrderAnswer } from '../back-office/answers';
import { placeOrderSchema } from '../cart/order-request';
import { FILTER_FIELDS } from '../catalog/rules';
import {
  CartRemoveAnswer,
  CategoryItemsAnswer,
  ErrorAnswer,
  HeaderAnswer,
  ItemBrief,
  OrderAnswer,
  PricedItemBrief,
  ProductInfoAnswer,
  QuickOrderAnswer,
  SearchAnswer,
} from './api';

/** A card as a visitor gets it: no price at all. */
const visitorCard = {
  item_id: 'I100',
  item_name: 'Aspire 5',
  sku: 'NX.SAHAA.001',
  category: 'Notebook',
  sub_category: '',
  item_condition: 'BrandNew',
  is_active: true,
  is_sale: false,
  is_brand_new: true,
  is_recertified: false,
  is_scratch_dent: true,
  stock: 12,
  scratch_dent_stock: 0,
  main_image: '/images/abc-thumb.webp',
  product_series: 'Aspire',
};

/** The same card as a customer gets it: their prices, in dollars. */
const buyerCard = {
  ...visitorCard,
  personal_price: 849.99,
  personal_sale_price: 0,
  personal_scratch_dent_price: 722.49,
};

const customer = {
  customer_id: 'C10003',
  contact_person_id: 'P1',
  contact_name: 'Ada Buyer',
  first_name: 'Ada',
  last_name: 'Buyer',
  email: 'ada@example.com',
  company: 'Ada Ltd',
  phone_number: '4165550142',
  username: 'C10003',
  percentage: 15,
  role: 'admin',
  is_primary: true,
};

describe('a product card', () => {
  it("is a visitor's without any price field", () => {
    const card = ItemBrief.parse(visitorCard);
    expect(card).not.toHaveProperty('personal_price');
    expect(card.item_condition).toBe('BrandNew');
  });

  it("is a customer's with the three prices", () => {
    expect(ItemBrief.parse(buyerCard).personal_price).toBe(849.99);
    expect(PricedItemBrief.safeParse(buyerCard).success).toBe(true);
    // The customer's own lists always carry prices.
    expect(PricedItemBrief.safeParse(visitorCard).success).toBe(false);
  });

  it('refuses what the server never sends', () => {
    expect(ItemBrief.safeParse({ ...visitorCard, item_condition: 'Used' }).success).toBe(false);
    expect(ItemBrief.safeParse({ ...buyerCard, personal_price: 849.999 }).success).toBe(false);
    expect(ItemBrief.safeParse({ ...visitorCard, stock: -1 }).success).toBe(false);
    const { sku: _sku, ...noSku } = visitorCard;
    expect(ItemBrief.safeParse(noSku).success).toBe(false);
  });
});

describe('the catalog answers', () => {
  const listing = {
    heading: 'Notebooks',
    category: 'Notebook',
    subcategory: '',
    apiCategory: 'Notebook',
    itemsBrief: [visitorCard],
    filters: [{ field: 'product_series', label: 'Series', values: [{ value: 'Aspire', count: 1 }] }],
    filterValues: { product_series: ['Aspire'], in_stock: false },
    total: 1,
    inStockCount: 1,
    page: 1,
    pages: 1,
    pageSize: 16,
    sort: 'name_asc',
  };

  it("takes a visitor's listing (no price range) and a customer's (with one)", () => {
    expect(CategoryItemsAnswer.parse({ scode: 200, categoryItems: listing }).categoryItems.total).toBe(1);
    const priced = {
      ...listing,
      itemsBrief: [buyerCard],
      filterValues: { in_stock: true, min_price: 100 },
      priceRange: [{ max_price: 849.99, min_price: 722.49 }],
      maxPrice: 849.99,
      minPrice: 722.49,
    };
    expect(CategoryItemsAnswer.safeParse({ scode: 200, categoryItems: priced }).success).toBe(true);
    expect(
      CategoryItemsAnswer.safeParse({ scode: 200, categoryItems: { ...listing, sort: 'newest' } }).success,
    ).toBe(false);
  });

  it('takes a search: the Search category with its column and text', () => {
    const { apiCategory: _api, ...base } = listing;
    const search = {
      ...base,
      category: 'Search',
      column: 'sku',
      string: 'NX.SAHAA',
      heading: 'Search results',
    };
    expect(SearchAnswer.safeParse({ scode: 200, categoryItems: search }).success).toBe(true);
    expect(SearchAnswer.safeParse({ scode: 200, categoryItems: { ...search, column: 'any' } }).success).toBe(
      false,
    );
  });

  it('takes a product page with every spec and the compared conditions', () => {
    const specs = Object.fromEntries(FILTER_FIELDS.map((f) => [f, '']));
    const answer = {
      scode: 200,
      itemInfo: {
        itemDetail: [
          {
            ...buyerCard,
            description: 'A notebook.',
            details: 'Weight: 1.7 kg',
            ...specs,
            product_series: 'Aspire',
            breadcrumbs: [{ name: 'Notebooks', pathname: '/category/Notebook' }],
          },
        ],
        itemImages: [{ image_id: 0, image_url: '/images/abc.webp' }],
        itemReviews: [],
        product: [buyerCard, { ...buyerCard, item_condition: 'ScratchDent' }],
        compare: [
          {
            item_id: 'I100',
            sku: 'NX.SAHAA.001',
            item_name: 'Aspire 5',
            item_condition: 'ScratchDent',
            stock: 0,
            warranty: '90-day warranty (batteries 1 year)',
            path: '/acer/product/I100/ScratchDent',
            current: false,
            price: 722.49,
            saving: { amount: 127.5, percent: 15 },
          },
        ],
      },
    };
    expect(ProductInfoAnswer.parse(answer).itemInfo.itemDetail[0]?.breadcrumbs).toHaveLength(1);
    // A spec missing from the detail is not what the server sends.
    const lessSpecs = Object.fromEntries(
      Object.entries(answer.itemInfo.itemDetail[0]!).filter(([key]) => key !== 'color'),
    );
    expect(
      ProductInfoAnswer.safeParse({ ...answer, itemInfo: { ...answer.itemInfo, itemDetail: [lessSpecs] } })
        .success,
    ).toBe(false);
  });
});

describe("a customer's answers", () => {
  const cartLine = {
    item_id: 'I100',
    item_name: 'Aspire 5',
    item_condition: 'BrandNew',
    sku: 'NX.SAHAA.001',
    quantity: 2,
    stock: 12,
    scratch_dent_stock: 0,
    is_active: true,
    is_sale: false,
    personal_price: 849.99,
    personal_sale_price: 0,
    personal_scratch_dent_price: 722.49,
    main_image: '/images/abc-thumb.webp',
    unit_price: 849.99,
    price_breaks: [{ min_quantity: 10, percent_off: 3, price: 824.49 }],
    next_break: { min_quantity: 10, percent_off: 3, price: 824.49, more: 8, saving: 255 },
  };

  it('takes the header data, with exactly one customer', () => {
    const header = {
      scode: 200,
      cartItems: [cartLine],
      addresses: [],
      wishLists: [
        { list_id: 'C100031', list_name: 'Office', is_public: false, customer_id: 'C10003', item_number: 0 },
      ],
      wishListsItems: [],
      unreadMessages: 2,
      customer: [customer],
    };
    expect(HeaderAnswer.parse(header).customer[0]?.role).toBe('admin');
    expect(HeaderAnswer.safeParse({ ...header, customer: [] }).success).toBe(false);
    expect(HeaderAnswer.safeParse({ ...header, unreadMessages: undefined }).success).toBe(false);
  });

  it('takes a removed cart line answered 201 when it was gone already', () => {
    const answer = { scode: 201, smessage: 'This item is no longer in your cart.', cartItems: [] };
    expect(CartRemoveAnswer.safeParse(answer).success).toBe(true);
    expect(CartRemoveAnswer.safeParse({ ...answer, scode: 202 }).success).toBe(false);
  });

  it("takes a quick order's lines, a refused line without an item", () => {
    const answer = {
      scode: 200,
      smessage: '1 line added to your cart; 1 line could not be added.',
      results: [
        {
          line: 1,
          text: 'NX.SAHAA.001 2',
          status: 'added',
          message: '2 × NX.SAHAA.001 added to your cart.',
          sku: 'NX.SAHAA.001',
          item_id: 'I100',
          item_name: 'Aspire 5',
          item_condition: 'BrandNew',
          quantity: 2,
        },
        { line: 2, text: 'hello', status: 'unreadable', message: 'Write a SKU and a quantity.' },
      ],
      cartItems: [cartLine],
    };
    expect(QuickOrderAnswer.safeParse(answer).success).toBe(true);
  });

  it('takes an order with its invoice lines, a shipping line having no item', () => {
    const address = {
      attention: 'Ada Buyer',
      company: 'Ada Ltd',
      address_line_1: '1 King St W',
      address_line_2: '',
      city: 'Toronto',
      province: 'ON',
      zip: 'M5H1A1',
      country: 'Canada',
      phone_number: '4165550142',
    };
    const answer = {
      scode: 200,
      orderInfo: {
        order: {
          order_id: 7,
          zoho_order_id: 'SO-000007',
          order_number: 'SO-000007',
          invoice_id: 3,
          zoho_invoice_id: 'INV-000003',
          invoice_number: 'INV-000003',
          created_time: '2026-11-22T14:05:09.123Z',
          created_at: '2026-11-22T14:05:09.123Z',
          client_created_time: '2026-11-22T09:05:09',
          placed_by: 'Ada Buyer',
          status: 'Shipped',
          purchase_order_id: 'PO-1',
          shipping_method: 'Standard',
          shipping_carrier: 'Purolator',
          tracking_number: '123',
          invoice_note: '',
          tax_rate: 13,
          subtotal: 1699.98,
          items_tax: 221,
          taxes: [{ component: 'HST', rate: 13, base: 1719.98, amount: 223.6, exemption: null }],
          shipping: 20,
          shipping_tax: 2.6,
          total: 1943.58,
          line_items: [{ ...cartLine, item_rate: 849.99, status: 'Shipped' }],
          zoho_line_items: [
            {
              item_id: 'I100',
              zoho_item_name: 'Aspire 5',
              sku: 'NX.SAHAA.001',
              item_condition: 'BrandNew',
              quantity: 2,
              item_rate: 849.99,
              kind: 'item',
              provincial_tax: true,
              status: 'Shipped',
            },
            {
              item_id: null,
              zoho_item_name: 'Shipping (Standard)',
              sku: '',
              item_condition: '',
              quantity: 1,
              item_rate: 20,
              kind: 'shipping',
              provincial_tax: true,
              status: 'Shipped',
            },
          ],
          invoice_terms: 'net30',
          invoice_due_on: '2026-12-22',
          invoice_paid: 0,
          invoice_balance: 1943.58,
          seller: {
            legal_name: 'Acer Store for Business Inc.',
            gst_hst_number: '12345 6789 RT0001',
            qst_number: '',
          },
        },
        billingAddress: address,
        shippingAddress: address,
      },
    };
    expect(OrderAnswer.parse(answer).orderInfo.order.zoho_line_items[1]?.item_id).toBeNull();
    // A tax component the domain does not know is refused.
    const order = answer.orderInfo.order;
    expect(
      OrderAnswer.safeParse({
        ...answer,
        orderInfo: {
          ...answer.orderInfo,
          order: { ...order, taxes: [{ ...order.taxes[0], component: 'VAT' }] },
        },
      }).success,
    ).toBe(false);
    expect(
      OrderAnswer.safeParse({
        ...answer,
        orderInfo: { ...answer.orderInfo, order: { ...answer.orderInfo.order, status: 'Lost' } },
      }).success,
    ).toBe(false);
  });

  it('takes a refusal with its field messages', () => {
    const refusal = {
      scode: 400,
      smessage: 'Please select province',
      errors: { province: 'Please select province' },
    };
    expect(ErrorAnswer.safeParse(refusal).success).toBe(true);
    expect(ErrorAnswer.safeParse({ ...refusal, scode: 200 }).success).toBe(false);
  });
});

describe('the back office answers', () => {
  it("takes who is signed in and the navigation's counts", () => {
    const me = {
      scode: 200,
      staff: {
        staff_id: 1,
        email: 'seller@example.com',
        name: 'Seller',
        role: 'owner',
        active: true,
        has_password: true,
        created_at: '2026-01-02T03:04:05.000Z',
      },
      pending_orders: 3,
      held_orders: 1,
      new_applications: 0,
      new_contact_messages: 1,
      new_customer_replies: 0,
    };
    expect(AdminMeAnswer.safeParse(me).success).toBe(true);
    expect(AdminMeAnswer.safeParse({ ...me, staff: { ...me.staff, role: 'boss' } }).success).toBe(false);
  });

  it('checks the actions an order offers', () => {
    const shape = AdminOrderAnswer.shape.order.shape.actions;
    expect(shape.safeParse(['confirm', 'cancel']).success).toBe(true);
    expect(shape.safeParse(['refund']).success).toBe(false);
  });
});

describe('the order request', () => {
  it('is what the checkout sends: lines, totals, addresses, a purchase order number and a key', () => {
    const parsed = placeOrderSchema.parse({
      orderInfo: {
        customer_id: 'C10003',
        shipping_address_id: 4,
        billing_address_id: 4,
        created_time: '2026-11-22T09:05:09',
        line_items: [{ item_id: 'I100', item_condition: 'BrandNew', quantity: 2 }],
        subtotal: 1699.98,
        items_tax: 221,
        total: 1920.98,
        purchase_order_id: 'PO\n1',
        shipping_method: 'Pick Up',
      },
      checkout_key: 'abcdefgh-1234',
    });
    expect(parsed.orderInfo.purchase_order_id).toBe('PO 1');
  });
});
