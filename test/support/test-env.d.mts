export declare const TEST_DATABASE: { url: string; name: string; adminUrl: string };
export declare const TEST_REDIS_URL: string;
