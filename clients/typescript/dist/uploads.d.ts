import type { paths } from './generated/schema.js';
import type { StaysApi } from './client.js';
type Multipart<P extends keyof paths, M extends 'post' | 'put'> = paths[P][M] extends {
    requestBody: {
        content: {
            'multipart/form-data': infer B;
        };
    };
} ? B : never;
export type PropertyMediaForm = Multipart<'/api/properties/{id}/medias', 'post'>;
export type OwnerApplicationForm = Multipart<'/api/user/become-owner', 'post'>;
export type CompanyDocumentForm = Multipart<'/api/user/owner-request/documents', 'post'>;
export type ChatMessageForm = Multipart<'/api/chats/send_messages', 'post'>;
export type ProfileForm = Multipart<'/api/user/update', 'put'>;
/** A file part from bytes (the name is what the service records; the type is judged by content anyway). */
export declare function fileFrom(bytes: Uint8Array | ArrayBuffer | Blob, name: string, type?: string): File;
/**
 * A plain object as multipart form data: an array is several parts of one name, a Blob a file
 * part, null or undefined no part, a number or boolean its text, an object its JSON.
 */
export declare function toFormData(body: unknown): FormData;
/** POST /api/properties/{id}/medias: photos or videos appended to a listing (at most 10 a request). */
export declare function uploadPropertyMedia(api: StaysApi, propertyId: number, files: Blob[]): Promise<import("openapi-fetch").FetchResponse<{
    parameters: {
        query?: never;
        header?: never;
        path: {
            id: number;
        };
        cookie?: never;
    };
    requestBody: {
        content: {
            "multipart/form-data": {
                files?: Blob | Blob[];
                "files[]"?: Blob | Blob[];
            };
        };
    };
    responses: {
        201: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": import("./generated/schema.js").components["schemas"]["Envelope"] & {
                    data: {
                        id: number;
                        media_type: string;
                        url: string;
                        thumbnail_url: string | null;
                    }[];
                };
            };
        };
        400: import("./generated/schema.js").components["responses"]["BadRequest"];
        401: import("./generated/schema.js").components["responses"]["Unauthenticated"];
        403: import("./generated/schema.js").components["responses"]["Forbidden"];
        404: import("./generated/schema.js").components["responses"]["NotFound"];
        409: import("./generated/schema.js").components["responses"]["Conflict"];
        413: import("./generated/schema.js").components["responses"]["PayloadTooLarge"];
        415: import("./generated/schema.js").components["responses"]["UnsupportedMediaType"];
        422: import("./generated/schema.js").components["responses"]["ValidationFailed"];
        429: import("./generated/schema.js").components["responses"]["TooManyRequests"];
        500: import("./generated/schema.js").components["responses"]["InternalError"];
    };
}, {
    params: {
        path: {
            id: number;
        };
    };
    body: PropertyMediaForm;
    bodySerializer: typeof toFormData;
}, `${string}/${string}`>>;
/** POST /api/user/become-owner: the KYC application with the ID's two sides (and a company document). */
export declare function applyToBecomeOwner(api: StaysApi, form: OwnerApplicationForm): Promise<import("openapi-fetch").FetchResponse<{
    parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
    };
    requestBody: {
        content: {
            "multipart/form-data": {
                user_type: "individual" | "company";
                company_name?: string;
                country_region: string;
                id_type: "identity_card" | "passport" | "driver_licence";
                id_number: string;
                id_expiry_date: string;
                id_reco_path: Blob;
                id_verso_path: Blob;
                place_type: string;
                place_details?: string;
                address: string;
                city: string;
                state?: string;
                postal_code: string;
                country: string;
                longitude: number;
                latitude: number;
                company_document?: Blob;
            };
        };
    };
    responses: {
        201: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": import("./generated/schema.js").components["schemas"]["Envelope"] & {
                    data: import("./generated/schema.js").components["schemas"]["OwnerRequest"];
                };
            };
        };
        400: import("./generated/schema.js").components["responses"]["BadRequest"];
        401: import("./generated/schema.js").components["responses"]["Unauthenticated"];
        403: import("./generated/schema.js").components["responses"]["Forbidden"];
        404: import("./generated/schema.js").components["responses"]["NotFound"];
        409: import("./generated/schema.js").components["responses"]["Conflict"];
        413: import("./generated/schema.js").components["responses"]["PayloadTooLarge"];
        415: import("./generated/schema.js").components["responses"]["UnsupportedMediaType"];
        422: import("./generated/schema.js").components["responses"]["ValidationFailed"];
        429: import("./generated/schema.js").components["responses"]["TooManyRequests"];
        500: import("./generated/schema.js").components["responses"]["InternalError"];
    };
}, {
    body: {
        user_type: "individual" | "company";
        company_name?: string;
        country_region: string;
        id_type: "identity_card" | "passport" | "driver_licence";
        id_number: string;
        id_expiry_date: string;
        id_reco_path: Blob;
        id_verso_path: Blob;
        place_type: string;
        place_details?: string;
        address: string;
        city: string;
        state?: string;
        postal_code: string;
        country: string;
        longitude: number;
        latitude: number;
        company_document?: Blob;
    };
    bodySerializer: typeof toFormData;
}, `${string}/${string}`>>;
/** POST /api/user/owner-request/documents: the company document of a pending application. */
export declare function addCompanyDocument(api: StaysApi, file: Blob): Promise<import("openapi-fetch").FetchResponse<{
    parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
    };
    requestBody: {
        content: {
            "multipart/form-data": {
                company_document: Blob;
            };
        };
    };
    responses: {
        200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": import("./generated/schema.js").components["schemas"]["Envelope"] & {
                    data: import("./generated/schema.js").components["schemas"]["OwnerRequest"];
                };
            };
        };
        400: import("./generated/schema.js").components["responses"]["BadRequest"];
        401: import("./generated/schema.js").components["responses"]["Unauthenticated"];
        404: import("./generated/schema.js").components["responses"]["NotFound"];
        409: import("./generated/schema.js").components["responses"]["Conflict"];
        413: import("./generated/schema.js").components["responses"]["PayloadTooLarge"];
        415: import("./generated/schema.js").components["responses"]["UnsupportedMediaType"];
        422: import("./generated/schema.js").components["responses"]["ValidationFailed"];
        429: import("./generated/schema.js").components["responses"]["TooManyRequests"];
        500: import("./generated/schema.js").components["responses"]["InternalError"];
    };
}, {
    body: {
        company_document: Blob;
    };
    bodySerializer: typeof toFormData;
}, `${string}/${string}`>>;
/** POST /api/chats/send_messages with an attachment (multipart); text alone may be sent as JSON too. */
export declare function sendChatMessage(api: StaysApi, form: ChatMessageForm, idempotencyKey?: string): Promise<import("openapi-fetch").FetchResponse<{
    parameters: {
        query?: never;
        header?: {
            "Idempotency-Key"?: string;
        };
        path?: never;
        cookie?: never;
    };
    requestBody: {
        content: {
            "multipart/form-data": {
                receiver_id: number | string;
                content?: string;
                attachment?: Blob;
                reservation_id?: number | null;
                document_id?: string | null;
            };
            "application/json": {
                receiver_id: number | string;
                content?: string;
                attachment?: Blob;
                reservation_id?: number | null;
                document_id?: string | null;
            };
        };
    };
    responses: {
        201: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": import("./generated/schema.js").components["schemas"]["Envelope"] & {
                    data: {
                        id: number;
                        sender_id: number | null;
                        receiver_id: number | null;
                        content: string;
                        attachment: string | null;
                        type: "text" | "image" | "file";
                        reservation_id: number | null;
                        document_id: string | null;
                        is_read: 0 | 1;
                        is_sent_by_me: boolean;
                        created_at: string;
                        updated_at: string;
                        source?: "channel_ota_a" | "channel_ota_b";
                        external_thread_id?: string;
                        external_guest_name?: string;
                        booking_id?: number;
                        provider?: "OtaA" | "OtaB";
                    };
                };
            };
        };
        400: import("./generated/schema.js").components["responses"]["BadRequest"];
        401: import("./generated/schema.js").components["responses"]["Unauthenticated"];
        403: import("./generated/schema.js").components["responses"]["Forbidden"];
        404: import("./generated/schema.js").components["responses"]["NotFound"];
        409: import("./generated/schema.js").components["responses"]["Conflict"];
        413: import("./generated/schema.js").components["responses"]["PayloadTooLarge"];
        415: import("./generated/schema.js").components["responses"]["UnsupportedMediaType"];
        422: import("./generated/schema.js").components["responses"]["ValidationFailed"];
        429: import("./generated/schema.js").components["responses"]["TooManyRequests"];
        500: import("./generated/schema.js").components["responses"]["InternalError"];
    };
}, {
    headers?: {
        'idempotency-key': string;
    } | undefined;
    body: {
        receiver_id: number | string;
        content?: string;
        attachment?: Blob;
        reservation_id?: number | null;
        document_id?: string | null;
    };
    bodySerializer: typeof toFormData;
}, `${string}/${string}`>>;
/** PUT /api/user/update as multipart (the way to send an avatar). */
export declare function updateProfile(api: StaysApi, form: ProfileForm): Promise<import("openapi-fetch").FetchResponse<{
    parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
    };
    requestBody: {
        content: {
            "multipart/form-data": {
                user_id?: number;
                is_active?: string;
                role?: unknown;
                username?: string;
                first_name?: string;
                last_name?: string;
                job?: string;
                location?: string;
                time_zone?: string;
                locale?: "en" | "fr";
                email?: string;
                phone?: string;
                password?: string;
                password_confirmation?: string;
                current_password?: string;
                avatar?: Blob;
                user_type?: "individual" | "company";
                company_name?: string;
                country_region?: string;
                id_type?: "identity_card" | "passport" | "driver_licence";
                id_number?: string;
                id_expiry_date?: string | "";
                place_type?: string;
                place_details?: string;
                address?: string;
                city?: string;
                state?: string;
                postal_code?: string;
                country?: string;
                latitude?: number;
                longitude?: number;
            };
            "application/json": {
                user_id?: number;
                is_active?: string;
                role?: unknown;
                username?: string;
                first_name?: string;
                last_name?: string;
                job?: string;
                location?: string;
                time_zone?: string;
                locale?: "en" | "fr";
                email?: string;
                phone?: string;
                password?: string;
                password_confirmation?: string;
                current_password?: string;
                avatar?: Blob;
                user_type?: "individual" | "company";
                company_name?: string;
                country_region?: string;
                id_type?: "identity_card" | "passport" | "driver_licence";
                id_number?: string;
                id_expiry_date?: string | "";
                place_type?: string;
                place_details?: string;
                address?: string;
                city?: string;
                state?: string;
                postal_code?: string;
                country?: string;
                latitude?: number;
                longitude?: number;
            };
        };
    };
    responses: {
        200: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": import("./generated/schema.js").components["schemas"]["Envelope"] & {
                    data: import("./generated/schema.js").components["schemas"]["FlatProfile"];
                };
            };
        };
        400: import("./generated/schema.js").components["responses"]["BadRequest"];
        401: import("./generated/schema.js").components["responses"]["Unauthenticated"];
        403: import("./generated/schema.js").components["responses"]["Forbidden"];
        404: import("./generated/schema.js").components["responses"]["NotFound"];
        409: import("./generated/schema.js").components["responses"]["Conflict"];
        413: import("./generated/schema.js").components["responses"]["PayloadTooLarge"];
        415: import("./generated/schema.js").components["responses"]["UnsupportedMediaType"];
        422: import("./generated/schema.js").components["responses"]["ValidationFailed"];
        429: import("./generated/schema.js").components["responses"]["TooManyRequests"];
        500: import("./generated/schema.js").components["responses"]["InternalError"];
    };
}, {
    body: {
        user_id?: number;
        is_active?: string;
        role?: unknown;
        username?: string;
        first_name?: string;
        last_name?: string;
        job?: string;
        location?: string;
        time_zone?: string;
        locale?: "en" | "fr";
        email?: string;
        phone?: string;
        password?: string;
        password_confirmation?: string;
        current_password?: string;
        avatar?: Blob;
        user_type?: "individual" | "company";
        company_name?: string;
        country_region?: string;
        id_type?: "identity_card" | "passport" | "driver_licence";
        id_number?: string;
        id_expiry_date?: string | "";
        place_type?: string;
        place_details?: string;
        address?: string;
        city?: string;
        state?: string;
        postal_code?: string;
        country?: string;
        latitude?: number;
        longitude?: number;
    };
    bodySerializer: typeof toFormData;
}, `${string}/${string}`>>;
export {};
