import { describe, expect, it } from 'vitest';
import { FeedFormatError } from '../../../server/api/catalog/feed-record';
import { readXmlFeed } from '../../../server/api/catalog/xml-feed';

const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">
  <channel>
    <title>Northlane</title>
    <item>
      <g:id>A1</g:id>
      <g:title>Leather &amp; Suede Loafers</g:title>
      <g:description><![CDATA[Soft <b>leather</b> loafers.]]></g:description>
      <g:additional_image_link>/images/v1/a.svg</g:additional_image_link>
      <g:additional_image_link>https://cdn.example/b.jpg</g:additional_image_link>
      <g:shipping>
        <g:country>GB</g:country>
        <g:service>Standard</g:service>
        <g:price>0.00 GBP</g:price>
      </g:shipping>
      <g:product_detail>
        <g:section_name>General</g:section_name>
        <g:attribute_name>Care</g:attribute_name>
        <g:attribute_value>Wipe clean</g:attribute_value>
      </g:product_detail>
    </item>
    <item>
      <g:id>A2</g:id>
      <title>Plain RSS title</title>
      <link>https://www.northlane.example/a2</link>
    </item>
  </channel>
</rss>`;

describe('XML feed reader', () => {
  it('reads each RSS item with its g: attributes, repeated ones as lists', () => {
    const { records } = readXmlFeed(RSS);
    expect(records[0]).toEqual({
      line: 5,
      values: {
        id: ['A1'],
        title: ['Leather & Suede Loafers'],
        description: ['Soft <b>leather</b> loafers.'],
        additional_image_link: ['/images/v1/a.svg', 'https://cdn.example/b.jpg'],
        shipping: ['GB::Standard:0.00 GBP'],
        product_detail: ['General:Care:Wipe clean'],
      },
    });
  });

  it('gives each item the line of its opening tag', () => {
    expect(readXmlFeed(RSS).records.map((r) => r.line)).toEqual([5, 22]);
  });

  it('takes plain RSS title and link when the g: ones are absent, and ignores the channel title', () => {
    expect(readXmlFeed(RSS).records[1]!.values).toEqual({
      id: ['A2'],
      title: ['Plain RSS title'],
      link: ['https://www.northlane.example/a2'],
    });
  });

  it('knows Google attributes by namespace, whatever the prefix', () => {
    const xml = `<rss xmlns:gm="http://base.google.com/ns/1.0" xmlns:other="urn:other"><channel>
      <item><gm:id>B1</gm:id><gm:price>10.00 GBP</gm:price><other:id>not-ours</other:id></item>
    </channel></rss>`;
    expect(readXmlFeed(xml).records[0]!.values).toEqual({ id: ['B1'], price: ['10.00 GBP'] });
  });

  it('reads Atom entries, whose link is an attribute', () => {
    const xml = `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:g="http://base.google.com/ns/1.0">
      <title>Store</title>
      <entry><g:id>C1</g:id><title>Atom title</title><link href="https://www.store.example/c1"/></entry>
    </feed>`;
    expect(readXmlFeed(xml).records).toEqual([
      { line: 3, values: { id: ['C1'], title: ['Atom title'], link: ['https://www.store.example/c1'] } },
    ]);
  });

  it('refuses XML that is not well-formed, saying where', () => {
    expect(() => readXmlFeed('<rss xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>A1</g:title></item></channel></rss>')).toThrow(
      /not well-formed.*1:\d+/,
    );
    expect(() => readXmlFeed('')).toThrow(FeedFormatError);
  });

  it('refuses a document that is neither RSS nor Atom', () => {
    expect(() => readXmlFeed('<products><product/></products>')).toThrow(/expected an RSS <rss> or Atom <feed>/);
  });
});
